import net from 'node:net';

/**
 * A TCP port on loopback that nothing listens on right now. The OS hands out ports in turn, so it stays free for the
 * moment a test needs it (a mail server that starts later, a database restarted on the same port).
 */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not read the port the OS assigned.'));
      });
    });
  });
}
