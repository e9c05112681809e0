import type { FastifyServerOptions } from 'fastify';
import type { GateConfig } from '../config.ts';

/**
 * The gate's logger: JSON lines (for a log collector) unless a developer is watching a terminal,
 * then pino-pretty. Credentials are never logged, whatever a serializer or a later log call includes.
 */
export function loggerOptions(config: GateConfig, tty = Boolean(process.stdout.isTTY)): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: [
      'req.headers.cookie',
      'req.headers.authorization',
      'req.headers["x-algolia-api-key"]',
      'res.headers["set-cookie"]',
    ],
    serializers: {
      // Algolia clients put the (secured, per-reader) API key in the query string.
      req: (request: { method: string; url: string; hostname?: string; ip?: string }) => ({
        method: request.method,
        url: request.url.replace(/([?&]x-algolia-api-key=)[^&]*/i, '$1[redacted]'),
        host: request.hostname,
        remoteAddress: request.ip,
      }),
    },
    ...(tty && config.environment === 'development'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}
