/**
 * Just enough of JSON Schema 2020-12 to hold an export to the schema it ships with: type, const,
 * enum, properties, required, additionalProperties: false, items, oneOf, minimum, formats
 * date-time and date, and local $refs. Answers each mismatch as "path: what".
 */
type Schema = Record<string, unknown>

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

function typeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (Number.isInteger(value)) return 'integer'
  return typeof value
}

export function validateAgainst(root: Schema, value: unknown): string[] {
  return collect(root, root, value, '$')
}

function collect(root: Schema, start: Schema, value: unknown, path: string): string[] {
  const errors: string[] = []
  const resolve = (schema: Schema): Schema => {
    if (typeof schema.$ref !== 'string') return schema
    const path = schema.$ref.replace(/^#\//, '').split('/')
    return path.reduce<Schema>((node, key) => node[key] as Schema, root)
  }
  const check = (raw: Schema, data: unknown, at: string) => {
    const schema = resolve(raw)
    if ('const' in schema && data !== schema.const) errors.push(`${at}: must be ${JSON.stringify(schema.const)}`)
    if (Array.isArray(schema.enum) && !schema.enum.includes(data))
      errors.push(`${at}: ${JSON.stringify(data)} not in enum`)
    if (schema.type !== undefined) {
      const types = ([] as string[]).concat(schema.type as string | string[])
      const actual = typeOf(data)
      if (!types.includes(actual) && !(actual === 'integer' && types.includes('number'))) {
        errors.push(`${at}: is ${actual}, schema says ${types.join(' or ')}`)
        return
      }
    }
    if (typeof data === 'string' && schema.format === 'date-time' && !ISO_DATE_TIME.test(data)) {
      errors.push(`${at}: not an ISO date-time`)
    }
    if (typeof data === 'string' && schema.format === 'date' && !ISO_DATE.test(data)) errors.push(`${at}: not a date`)
    if (typeof data === 'number' && typeof schema.minimum === 'number' && data < schema.minimum) {
      errors.push(`${at}: below ${schema.minimum}`)
    }
    if (Array.isArray(schema.oneOf)) {
      const matching = (schema.oneOf as Schema[]).filter((option) => collect(root, option, data, at).length === 0)
      if (matching.length !== 1) errors.push(`${at}: matches ${matching.length} of oneOf`)
    }
    if (typeOf(data) === 'object' && data !== null) {
      const object = data as Record<string, unknown>
      const properties = (schema.properties ?? {}) as Record<string, Schema>
      for (const key of (schema.required ?? []) as string[]) {
        if (!(key in object)) errors.push(`${at}.${key}: missing`)
      }
      for (const [key, field] of Object.entries(object)) {
        if (properties[key]) check(properties[key], field, `${at}.${key}`)
        else if (schema.additionalProperties === false) errors.push(`${at}.${key}: not in the schema`)
      }
    }
    if (Array.isArray(data) && schema.items) {
      data.forEach((item, index) => check(schema.items as Schema, item, `${at}[${index}]`))
    }
  }
  check(start, value, path)
  return errors
}
