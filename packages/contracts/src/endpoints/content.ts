import { contactRequestSchema, contactResponseSchema } from '../content.ts';
import { homeCarouselSchema } from '../deals.ts';
import { endpoint } from './endpoint.ts';

const tags = ['content'];

/** The contact form and the home carousel (spec 01 §7). */
export const content = {
  contactUs: endpoint({
    method: 'POST',
    path: '/api/contact-us',
    body: contactRequestSchema,
    response: contactResponseSchema,
    status: 201,
    summary: 'Send a message to support (stored, and mailed to the support inbox)',
    tags,
  }),
  homeCarousel: endpoint({
    method: 'GET',
    path: '/api/content/home-carousel',
    response: homeCarouselSchema,
    summary: 'Slides of the dashboard carousel',
    tags,
  }),
};
