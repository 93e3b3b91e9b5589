import type { ModuleDocs } from '#core/openapi/types'
import {
  assignAgentAdminValidator,
  createAgencyValidator,
  publicAgentAdminsValidator,
  updateAgencyValidator,
} from '#agencies/validators/agency'
import {
  decideMembershipRequestValidator,
  listMembershipRequestsValidator,
  requestMembershipValidator,
} from '#agencies/validators/membership_request'
import { AGENCY_DELETE_FORBIDDEN } from '#agencies/policies/agency_policy'

const OWN_AGENCY = 'An agent admin acts on their own agency only (403 otherwise); a super admin on any.'

/** The agencies module's routes in the API reference (/api/docs). */
export default {
  tag: 'Agencies',
  description: 'Agencies, their people and agent admins, and agency membership requests.',
  operations: {
    'GET /api/agencies/public': {
      summary: 'Active agencies (public)',
      description: 'The membership dropdown: every active agency, by name.',
    },
    'GET /api/agencies/:id/public': {
      summary: "An agency's public profile",
      description: 'The shared agency page: name, description and contact details of an active agency.',
      responses: { 404: 'Agency not found' },
    },
    'GET /api/public/agencies/:id': {
      summary: "An agency's public profile (alias)",
      description:
        "The same answer as `GET /api/agencies/{id}/public`, at the path the agent's create-booking form calls.",
      responses: { 404: 'Agency not found' },
    },
    'GET /api/public/users': {
      summary: "An agency's agent admins (public)",
      description: "The contacts of an active agency: its agent admins' names, emails and phones.",
      query: publicAgentAdminsValidator,
      responses: { 404: 'Agency not found' },
    },
    'GET /api/agencies': {
      summary: 'List agencies',
      description:
        'A super admin sees every agency with its contact details; anyone else the active agencies, by name only.',
      list: {
        resource: 'agencies',
        sort: ['id', 'name', 'createdAt'],
        defaultSort: ['name', 'ASC'],
        filter: { q: 'searches the name', isActive: 'true or false (super admins)' },
      },
    },
    'GET /api/agencies/:id': {
      summary: 'One agency',
      admits: 'agent_admin',
      description: OWN_AGENCY,
      responses: { 404: 'Agency not found' },
    },
    'GET /api/agencies/:id/users': {
      summary: "An agency's people",
      admits: 'agent_admin',
      description: `The agency's members and agent admins. ${OWN_AGENCY}`,
      responses: { 404: 'Agency not found' },
    },
    'DELETE /api/agencies/:id/users/:userId': {
      summary: 'Remove a member from an agency',
      admits: 'agent_admin',
      description: `The user becomes a user without an agency. Nobody removes themselves; only a super admin removes an agent admin. ${OWN_AGENCY}`,
      responses: {
        200: 'The user, with `message: "User removed from the agency successfully"`',
        404: 'This user is not a member of this agency.',
      },
    },
    'POST /api/agencies': {
      summary: 'Create an agency',
      admits: 'super_admin',
      body: createAgencyValidator,
      responses: { 201: 'The agency' },
    },
    'PUT /api/agencies/:id': {
      summary: 'Edit an agency',
      admits: 'super_admin',
      body: updateAgencyValidator,
      responses: { 200: 'The agency, with `message: "Agency updated successfully"`' },
    },
    'POST /api/agencies/:id/agent-admins': {
      summary: 'Assign an agent admin',
      admits: 'super_admin',
      description: "Makes a user of role `user` without an approved membership elsewhere the agency's agent admin.",
      body: assignAgentAdminValidator,
      responses: { 200: 'The user, with `message: "Agent admin assigned successfully"`' },
    },
    'DELETE /api/agencies/:id/agent-admins/:userId': {
      summary: 'Remove an agent admin',
      admits: 'super_admin',
      description: 'The agent admin becomes a user of role `user` without an agency.',
      responses: {
        200: 'The user, with `message: "Agent admin removed successfully"`',
        404: 'This user is not an agent admin of this agency.',
      },
    },
    'DELETE /api/agencies/:id': {
      summary: 'Delete an agency',
      admits: 'super_admin',
      description:
        'Its people (agent admins included) become users without an agency, its pending membership requests are rejected, and its bookings keep their history without the agency.',
      responses: {
        200: '`{ id, _id, message: "Agency deleted successfully.", usersConverted, bookingsUpdated }`',
        403: AGENCY_DELETE_FORBIDDEN,
        404: 'The agency no longer exists or has already been deleted.',
      },
    },
    'POST /api/users/request-agency': {
      summary: 'Ask to join an agency',
      description:
        'Only a user of role `user` asks; one pending request at a time, and not while a member of another agency. Answers `{ message, agencyId, request }`.',
      body: requestMembershipValidator,
      responses: {
        201: 'Agency membership request submitted successfully! Please wait for approval before booking.',
        403: 'Only users of role user request membership, and only for themselves.',
        409: 'You already have a pending request for this agency. Please wait for it to be processed.',
      },
    },
    'GET /api/users/agency-requests': {
      summary: 'Agency membership requests',
      admits: 'agent_admin',
      description:
        "An agent admin sees their agency's requests; a super admin any agency's (`agencyId`). Pending ones unless `status` says otherwise.",
      query: listMembershipRequestsValidator,
    },
    'PUT /api/users/:userId/agency-request/approve': {
      summary: 'Approve a membership request',
      admits: 'agent_admin',
      description: `Decides the user's pending request: they become an approved member. ${OWN_AGENCY}`,
      params: { userId: "The applicant's user id." },
      body: decideMembershipRequestValidator,
      responses: { 200: '`{ message: "Request approved successfully", request }`' },
    },
    'PUT /api/users/:userId/agency-request/reject': {
      summary: 'Reject a membership request',
      admits: 'agent_admin',
      description: OWN_AGENCY,
      params: { userId: "The applicant's user id." },
      body: decideMembershipRequestValidator,
      responses: { 200: '`{ message: "Request rejected successfully", request }`' },
    },
  },
} satisfies ModuleDocs
