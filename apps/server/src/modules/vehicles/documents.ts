import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, messages, type VEHICLE_BODIES } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { refuse } from '../../refusal.ts';
import { route } from '../../plugins/endpoints.ts';
import { documentById } from './repo.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A document as a plain printable page (the demo has no PDFs to serve). */
const documentPage = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:1.5rem;max-width:48rem}pre{white-space:pre-wrap;font:inherit}</style>
</head><body><h1>${escapeHtml(title)}</h1><pre>${escapeHtml(body)}</pre></body></html>`;

type Body = (typeof VEHICLE_BODIES)[number];
/** Side silhouettes per body: the generated vehicle pictures. */
const SILHOUETTE: Record<Body, string> = {
  sedan: 'M20 70 L40 70 L60 45 L130 42 L160 62 L200 66 L205 82 L15 82 Z',
  coupe: 'M20 72 L45 72 L75 46 L125 46 L165 66 L205 70 L205 82 L15 82 Z',
  hatch: 'M25 70 L45 70 L65 42 L150 42 L175 66 L200 68 L200 82 L20 82 Z',
  suv: 'M15 68 L35 66 L50 36 L170 36 L185 62 L205 66 L205 84 L15 84 Z',
  truck: 'M15 64 L35 62 L50 36 L110 36 L112 58 L205 58 L205 84 L15 84 Z',
  van: 'M15 70 L25 40 L60 28 L195 28 L205 60 L205 84 L15 84 Z',
};
const vehicleSvg = (body: Body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 220 110" role="img" aria-label="${body}"><rect width="220" height="110" fill="#eef1f4"/><path d="${SILHOUETTE[body]}" fill="#37474f"/><circle cx="55" cy="84" r="13" fill="#111"/><circle cx="165" cy="84" r="13" fill="#111"/></svg>`;

export const documentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.vehicles.document, async (request, reply) => {
      const doc = await documentById(ctx.db, request.params.id);
      if (!doc) throw refuse.notFound(messages.notFound);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(documentPage(doc.title, doc.body));
    });
    route(app, endpoints.vehicles.vehicleImage, async (request, reply) =>
      reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(vehicleSvg(request.params.file.replace('.svg', '') as Body)),
    );
  };
