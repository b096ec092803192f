/**
 * `npm start`'s first step: is the port free? Asked before the console is built, so a taken port
 * is reported in one plain sentence at once instead of after a build and a stack trace.
 */
import { createServer } from 'node:net';

/** Whether `host:port` can be listened on right now (the probe closes at once). */
export function isPortFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') resolve(false);
      else reject(error);
    });
    probe.once('listening', () => probe.close(() => resolve(true)));
    probe.listen({ port, host, exclusive: true });
  });
}

/** The sentence `npm start` prints when the port is taken. */
export function portTakenMessage(port: number, host: string): string {
  return [
    `Port ${port} on ${host} is already in use: is Fiscus (or another program) already running there?`,
    `Stop it, or start on another port: PORT=${port + 1} npm start`,
  ].join('\n');
}
