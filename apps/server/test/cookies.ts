import type { Response as InjectResponse } from 'light-my-request';

/** A browser's cookie jar for app.inject: keeps what Set-Cookie gives, drops what it expires. */
export function cookieJar() {
  const jar = new Map<string, string>();
  return {
    store(response: InjectResponse) {
      const raw = response.headers['set-cookie'];
      for (const line of Array.isArray(raw) ? raw : raw ? [raw] : []) {
        const [pair, ...attributes] = line.split(';');
        const [name, ...value] = pair!.split('=');
        const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
        if (expired || value.join('=') === '') jar.delete(name!.trim());
        else jar.set(name!.trim(), value.join('='));
      }
      return response;
    },
    header: () => [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    has: (name: string) => jar.has(name),
    delete: (name: string) => jar.delete(name),
  };
}
