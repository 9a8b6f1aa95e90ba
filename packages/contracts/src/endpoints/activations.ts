import { z } from 'zod';
import {
  activationIdParamsSchema,
  activationListQuerySchema,
  activationListResponseSchema,
  activationSchema,
  completeActivationSchema,
  restartActivationSchema,
  startActivationResponseSchema,
  startActivationSchema,
  updateActivationSchema,
} from '../activation.ts';
import { deviceKeyParamsSchema, deviceProofQuerySchema } from '../devices.ts';
import { endpoint } from './endpoint.ts';

const tags = ['activations'];

/**
 * Issue 29 §3: an activation's place on the server, so a reload, a lost connection or another phone of the
 * same installer resumes it. Optional login: a guest's activation is theirs by the X-Activation-Token header
 * (the token its start answered). Only its starter (or, signed in, the same person on another device) may
 * read or move it; everyone else gets 404.
 */
export const activations = {
  start: endpoint({
    method: 'POST',
    path: '/api/activations',
    body: startActivationSchema,
    response: startActivationResponseSchema,
    status: 201,
    summary:
      'Starts an activation of a device (its steps from the device check and the type), or answers the caller’s open one for that device and type',
    tags,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/activations',
    query: activationListQuerySchema,
    response: activationListResponseSchema,
    summary: 'The caller’s own activations, newest first (to resume one on another device)',
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/activations/:id',
    params: activationIdParamsSchema,
    response: activationSchema,
    summary: 'One activation as it stands',
    tags,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/activations/:id',
    params: activationIdParamsSchema,
    body: updateActivationSchema,
    response: activationSchema,
    summary:
      'Moves to a step and/or records a step’s state; a stale version is refused (409); the complete-activation step done completes it',
    tags,
  }),
  restart: endpoint({
    method: 'POST',
    path: '/api/activations/:id/restart',
    params: activationIdParamsSchema,
    body: restartActivationSchema,
    response: activationSchema,
    summary: 'Starts over: back to the first step, its steps worked out again, step states cleared',
    tags,
  }),
  complete: endpoint({
    method: 'POST',
    path: '/api/activations/:id/complete',
    params: activationIdParamsSchema,
    body: completeActivationSchema,
    response: activationSchema,
    summary:
      'Completes an activation in one call: the unit activated in the device cloud when its type calls for it and it is not yet, installed (the car of its vehicle step), then the activation completed with what was done; a completed one is answered as it is',
    tags,
  }),
  ofDevice: endpoint({
    method: 'GET',
    path: '/api/device/:key/activations',
    params: deviceKeyParamsSchema,
    query: deviceProofQuerySchema,
    response: activationListResponseSchema,
    summary:
      'Every activation of a device, newest first, for its history: the device’s business’s people (and a rep acting for it) see all; an installer sees their own; another dealer gets 404',
    tags,
  }),
  abandon: endpoint({
    method: 'DELETE',
    path: '/api/activations/:id',
    params: activationIdParamsSchema,
    response: z.object({ detail: z.string() }),
    summary: 'Abandons an unfinished activation',
    tags,
  }),
};
