declare module 'fastify' {
  interface FastifyContextConfig {
    /** A read sent as POST (spec 01 §7 search and lookup calls): never an action for the business. */
    readOnly?: boolean;
  }
}

/** Route config for a POST that only reads: the impersonation audit leaves it out. */
export const READ_ONLY = { readOnly: true } as const;
