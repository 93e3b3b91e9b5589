export {
  default as AgentProperty,
  PROPERTY_STATUSES,
  PROPERTY_SOURCES,
  type PropertyStatus,
  type PropertySource,
} from '#portfolio/models/agent_property'
export { followBooking } from '#portfolio/services/statuses'
