import type { ModuleDocs } from '#core/openapi/types'
import {
  addToCatalogueValidator,
  portfolioFiltersValidator,
  sharePropertyValidator,
} from '#portfolio/validators/agent_property'
import { ONLY_AGENT_ADMINS } from '#portfolio/policies/agent_property_policy'
import { IMAGE_SIZES } from '#portfolio/models/agent_property_image'
import { MAX_IMAGE_SIZE, TOO_LARGE } from '#portfolio/services/image_store'
import { ALREADY_IN_CATALOGUE, HERO_REQUIRED, MAX_GALLERY_IMAGES } from '#portfolio/actions/add_to_catalogue'
import { PORTFOLIO_LIMIT } from '#portfolio/queries/portfolio'
import { PROPERTY_NOT_FOUND } from '#portfolio/controllers/agent_properties_controller'

const IMAGE = `JPEG, PNG or WebP, at most ${MAX_IMAGE_SIZE.toUpperCase()}`

/** The portfolio module's routes in the API reference (/api/docs). */
export default {
  tag: 'Portfolio',
  description:
    "The agent admin's portfolio: lots their bookings made theirs, or shared by their agency, listed in a catalogue with marketing details and images, shared on social platforms and on public pages.",
  operations: {
    'GET /api/agent-properties/images/:imageId/:size': {
      summary: 'A catalogue image (public)',
      description: 'WebP, cached for a year (an image never changes under its id).',
      params: { size: IMAGE_SIZES.map((size) => `\`${size}\``).join(' or ') },
      responses: {
        200: { description: 'The image.', contentType: 'image/webp', schema: { type: 'string', format: 'binary' } },
        404: 'Image not found',
      },
    },
    'GET /api/agent-properties/:id/public': {
      summary: 'A shared property page (public)',
      description: 'Name, type, status, description, price, size, location, facilities and the listing agency.',
      responses: { 404: PROPERTY_NOT_FOUND },
    },
    'GET /api/agent-properties/agency/:agencyId/public': {
      summary: 'A shared agency page (public)',
      description: 'An active agency and the properties it shares: `{ success, agency, properties }`.',
      responses: { 404: 'Agency not found' },
    },
    'GET /api/agent-properties': {
      summary: 'My properties portfolio (agent admin)',
      description: `Own and agency-shared entries with the summary cards: \`{ success, data: { properties, stats: { totalProperties, activeProperties, soldProperties, totalShares } } }\`. At most ${PORTFOLIO_LIMIT} entries; the stats count them all.`,
      query: portfolioFiltersValidator,
      responses: { 403: ONLY_AGENT_ADMINS },
    },
    'GET /api/agent-properties/owned-properties': {
      summary: 'Lots I may add to the catalogue (agent admin)',
      description:
        'The Add to Catalogue choices: lots my bookings made mine that are not listed yet (`id, name, price, status`).',
      responses: { 403: ONLY_AGENT_ADMINS },
    },
    'POST /api/agent-properties/create-manual': {
      summary: 'Add to catalogue (agent admin)',
      description:
        "Lists an owned lot (`propertyId`, or the `bookingId` that made it mine) with its marketing details, which default to the lot's.",
      multipart: {
        fields: addToCatalogueValidator,
        files: {
          heroImage: { description: `The hero image: ${IMAGE}.`, required: true },
          galleryImages: { description: `Up to ${MAX_GALLERY_IMAGES} gallery images: ${IMAGE} each.`, multiple: true },
        },
      },
      responses: {
        201: '`{ message: "Property added to catalogue successfully!", property }`',
        403: ONLY_AGENT_ADMINS,
        409: ALREADY_IN_CATALOGUE,
        413: TOO_LARGE,
        422: `Invalid input, e.g. \`${HERO_REQUIRED}\``,
      },
    },
    'POST /api/agent-properties/:id/share': {
      summary: 'Share a property',
      description:
        'Its owner, or an agent admin of the agency it is shared with, gets the share link and text for the platform; the share count goes up.',
      body: sharePropertyValidator,
      responses: {
        200: '`{ shareUrl, content, platform, shareCount, lastShared, message: "Property shared successfully via {platform}" }`',
        403: 'You do not have permission to share this property.',
        404: PROPERTY_NOT_FOUND,
      },
    },
    'GET /api/agent-properties/agency/:agencyId': {
      summary: 'What my agency shares',
      description: "For the agency's approved members and agent admins, and super admins: `{ success, data }`.",
      responses: {
        403: 'You must be an approved agency member to view agency properties (or: You must be associated with an agency to view agency properties)',
        404: 'Agency not found',
      },
    },
  },
} satisfies ModuleDocs
