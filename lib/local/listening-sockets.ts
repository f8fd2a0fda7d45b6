/**
 * Which addresses this machine's processes listen on, from the kernel's own tables, and a plain TCP
 * connect: for the tests that show the local stack is reachable on loopback only.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';

export interface Listening {
  address: string;
  port: number;
  inode: string;
}

/** /proc/net/tcp{,6} addresses are 32-bit words in host (little-endian) order. */
function decodeAddress(hex: string): string {
  if (!/^(?:[0-9A-F]{8}|[0-9A-F]{32})$/i.test(hex)) throw new Error(`cannot read the socket address "${hex}"`);
  // each word's four bytes, last pair first
  const bytes = (hex.match(/.{8}/g) ?? []).flatMap((word) => [6, 4, 2, 0].map((at) => parseInt(word.slice(at, at + 2), 16)));
  if (bytes.length === 4) return bytes.join('.');
  const mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (mapped) return bytes.slice(12).join('.');
  const groups = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i] << 8) | bytes[2 * i + 1]).toString(16));
  return groups.join(':').replace(/(^|:)0(:0)+(:|$)/, '::');
}

/** Every listening TCP socket of this machine, from the kernel's own table. */
export function listeningSockets(): Listening[] {
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[3] === '0A') // TCP_LISTEN
      .map((cols) => {
        const [address, port] = cols[1].split(':');
        return { address: decodeAddress(address), port: parseInt(port, 16), inode: cols[9] };
      }),
  );
}

/** The inodes of the sockets a process holds open. */
export function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]);
    } catch {
      /* closed meanwhile */
    }
  }
  return inodes;
}

export const networkAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

export function connect(host: string, port: number): Promise<'connected' | string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(3_000, () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}
