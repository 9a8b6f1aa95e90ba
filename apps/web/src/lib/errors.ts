import { messages } from '@portal/contracts/messages';
import { ApiError } from './api.ts';

interface ValidationEntry {
  field?: string;
  messages?: string[];
  message?: string;
}

/**
 * spec 01 §8: the lines an alert shows for an error. Read from a string message, a validation
 * list (field name with underscores as spaces, and its first message), a detail, or a
 * saleorErrors list; an API error without a body shows status and status text (418 when
 * unknown); empty or unknown errors show the generic message.
 */
export function alertLinesFor(error: unknown): string[] {
  const lines = linesOf(error).filter((line) => line.trim() !== '');
  return lines.length ? lines : [messages.unexpected];
}

function linesOf(error: unknown): string[] {
  if (typeof error === 'string') return [error];
  if (error instanceof ApiError) {
    if (error.body) {
      const fromBody = linesOf({ message: error.body });
      if (fromBody.length) return fromBody;
    }
    return [`${error.status || 418} ${error.statusText}`.trim()];
  }
  if (!error || typeof error !== 'object') return [];
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string') return [message];
  if (!message || typeof message !== 'object') return [];
  const body = message as { validation?: ValidationEntry[]; detail?: unknown; saleorErrors?: { message?: string }[] };
  if (Array.isArray(body.validation)) return body.validation.map(validationLine);
  if (typeof body.detail === 'string') return [body.detail];
  if (Array.isArray(body.saleorErrors)) return body.saleorErrors.map((e) => e.message ?? messages.somethingWentWrong);
  return [];
}

function validationLine(entry: ValidationEntry): string {
  if (entry.field === 'authorize' || !entry.field)
    return entry.message ?? entry.messages?.[0] ?? messages.somethingWentWrong;
  const first = entry.messages?.[0] ?? entry.message ?? messages.somethingWentWrong;
  return `${entry.field.replaceAll('_', ' ')}: ${first}`;
}
