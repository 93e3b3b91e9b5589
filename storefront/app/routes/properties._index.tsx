import { redirect } from '@remix-run/node'

// Only the index: /properties/aeroindustrial/type/{typeId} is a page of its own.
export function loader() {
  return redirect('/aero-industrial-hub', 301)
}
