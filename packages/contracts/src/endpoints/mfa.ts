import { okSchema } from '../auth.ts';
import {
  codeSentResponseSchema,
  confirmCodeRequestSchema,
  deviceParamsSchema,
  disableMfaRequestSchema,
  enableSmsRequestSchema,
  enableTotpRequestSchema,
  enableTotpResponseSchema,
  mfaStatusSchema,
} from '../mfa.ts';
import { endpoint } from './endpoint.ts';

const tags = ['mfa'];

/** MFA management for the signed-in user (issue 3 §4). */
export const mfa = {
  status: endpoint({
    method: 'GET',
    path: '/api/mfa',
    response: mfaStatusSchema,
    summary: 'Second factor and remembered devices',
    tags,
  }),
  enableTotp: endpoint({
    method: 'POST',
    path: '/api/mfa/totp/enable',
    body: enableTotpRequestSchema,
    response: enableTotpResponseSchema,
    summary: 'Start an authenticator app: a new secret (QR code and manual key)',
    tags,
  }),
  confirmTotp: endpoint({
    method: 'POST',
    path: '/api/mfa/totp/confirm',
    body: confirmCodeRequestSchema,
    response: okSchema,
    setsCookies: true,
    summary: 'Confirm the authenticator app with a code',
    tags,
  }),
  enableSms: endpoint({
    method: 'POST',
    path: '/api/mfa/sms/enable',
    body: enableSmsRequestSchema,
    response: codeSentResponseSchema,
    summary: 'Start text-message sign-in: a code to the new phone',
    tags,
  }),
  confirmSms: endpoint({
    method: 'POST',
    path: '/api/mfa/sms/confirm',
    body: confirmCodeRequestSchema,
    response: okSchema,
    summary: 'Confirm the phone with its code',
    tags,
  }),
  sendDisableCode: endpoint({
    method: 'POST',
    path: '/api/mfa/disable/send-code',
    response: codeSentResponseSchema,
    summary: 'Text a code before turning SMS sign-in off',
    tags,
  }),
  disable: endpoint({
    method: 'POST',
    path: '/api/mfa/disable',
    body: disableMfaRequestSchema,
    response: okSchema,
    setsCookies: true,
    summary:
      'Turn the second factor off (password and a code): forgets every remembered device and signs out everywhere',
    tags,
  }),
  forgetDevice: endpoint({
    method: 'DELETE',
    path: '/api/mfa/devices/:id',
    params: deviceParamsSchema,
    response: okSchema,
    summary: 'Forget a remembered device',
    tags,
  }),
};
