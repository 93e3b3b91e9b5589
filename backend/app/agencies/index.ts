/** The agencies module's public face. */
export { default as Agency } from '#agencies/models/agency'
