import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from './free-port';

/** Debian's dovecot-imapd puts the master binary here; `.ci/run` installs it. */
const DOVECOT_BINARY = '/usr/sbin/dovecot';
const DOVEADM_BINARY = '/usr/bin/doveadm';

/**
 * A real Dovecot IMAP server on loopback, started for one test file from its own config, run directory, state
 * directory and maildir under a fresh temporary folder: no system service, no file under /etc or /var is used.
 * One user with a password (plain authentication, no TLS), one mailbox, INBOX.
 */
export interface DovecotServer {
  /** imap://user:pass@127.0.0.1:PORT/INBOX, for the app's IMAP_URL. */
  url: string;
  port: number;
  user: string;
  password: string;
  /** The maildir of the user's INBOX. */
  maildir: string;
  /** Puts raw messages into INBOX as a delivery agent does (files in the maildir's new/); Dovecot gives them UIDs. */
  deliver(raws: Array<Buffer | string>): void;
  /** The messages in INBOX now, as Dovecot lists them (doveadm), so a test can wait until the server sees a delivery. */
  messageCount(): number;
  /** INBOX's UIDVALIDITY now (doveadm mailbox status). */
  uidValidity(): number;
  /**
   * INBOX recreated, as a server does after a restore or a migration: every message and every index are removed,
   * the given messages are delivered again, and the mailbox gets a new UIDVALIDITY (greater than the old one) with
   * UIDs counted from 1 again.
   */
  recreateMailbox(raws: Array<Buffer | string>): void;
  stop(): Promise<void>;
}

export interface DovecotOptions {
  user?: string;
  password?: string;
}

function runDoveadm(configFile: string, args: string[]): string {
  const result = spawnSync(DOVEADM_BINARY, ['-c', configFile, ...args], { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`doveadm ${args.join(' ')} failed (${String(result.status)}): ${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

function waitForPort(port: number, child: ChildProcess, logFile: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) {
        const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
        reject(new Error(`dovecot exited with ${String(child.exitCode)}: ${log}`));
        return;
      }
      const socket = net.connect(port, '127.0.0.1');
      socket.once('data', (greeting) => {
        socket.destroy();
        if (greeting.toString().startsWith('* OK')) resolve();
        else reject(new Error(`unexpected IMAP greeting: ${greeting.toString()}`));
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`dovecot did not listen on ${port} within ${timeoutMs} ms`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/**
 * The user the mail processes run as. Dovecot never serves mail as root: under root the mail belongs to `nobody`,
 * otherwise to the user running the test (and Dovecot's internal and login users are that user too).
 */
function mailOwner(): { uid: number; gid: number; name: string; asRoot: boolean } {
  const asRoot = process.getuid?.() === 0;
  if (asRoot) return { uid: 65534, gid: 65534, name: 'nobody', asRoot };
  const info = os.userInfo();
  return { uid: info.uid, gid: info.gid, name: info.username, asRoot };
}

export async function startDovecot(options: DovecotOptions = {}): Promise<DovecotServer> {
  if (!existsSync(DOVECOT_BINARY)) {
    throw new Error(`${DOVECOT_BINARY} is missing: apt-get install -y dovecot-imapd (bash .ci/run installs it)`);
  }
  const user = options.user ?? 'inbox';
  const password = options.password ?? `pw-${randomBytes(6).toString('hex')}`;
  const owner = mailOwner();
  const root = mkdtempSync(path.join(os.tmpdir(), 'dovecot-'));
  // The mail processes (another user under root) walk down to the maildir.
  chmodSync(root, 0o755);
  const baseDir = path.join(root, 'run');
  const stateDir = path.join(root, 'state');
  const mailRoot = path.join(root, 'mail');
  const maildir = path.join(mailRoot, user, 'Maildir');
  const configFile = path.join(root, 'dovecot.conf');
  const passwdFile = path.join(root, 'passwd');
  const logFile = path.join(root, 'dovecot.log');
  mkdirSync(baseDir, { recursive: true });
  mkdirSync(stateDir, { recursive: true });

  const createMaildir = () => {
    for (const sub of ['cur', 'new', 'tmp']) mkdirSync(path.join(maildir, sub), { recursive: true });
    if (owner.asRoot) {
      for (const dir of [
        mailRoot,
        path.join(mailRoot, user),
        maildir,
        ...['cur', 'new', 'tmp'].map((s) => path.join(maildir, s)),
      ]) {
        chownSync(dir, owner.uid, owner.gid);
      }
    }
  };
  createMaildir();

  const port = await findFreePort();
  writeFileSync(passwdFile, `${user}:{PLAIN}${password}::::::\n`, { mode: 0o644 });
  const serviceUsers = owner.asRoot
    ? ''
    : `default_internal_user = ${owner.name}\ndefault_login_user = ${owner.name}\ndefault_internal_group = ${os.userInfo().username}\n`;
  writeFileSync(
    configFile,
    [
      `instance_name = test-${path.basename(root)}`,
      `base_dir = ${baseDir}`,
      `state_dir = ${stateDir}`,
      `log_path = ${logFile}`,
      `info_log_path = ${logFile}`,
      'protocols = imap',
      'listen = 127.0.0.1',
      'ssl = no',
      'disable_plaintext_auth = no',
      'auth_mechanisms = plain login',
      `first_valid_uid = ${Math.min(owner.uid, 500)}`,
      'mail_location = maildir:~/Maildir',
      // The tests poll right after a delivery: read the maildir afresh rather than trust a cached listing.
      'maildir_very_dirty_syncs = no',
      serviceUsers,
      'passdb {',
      '  driver = passwd-file',
      `  args = scheme=PLAIN ${passwdFile}`,
      '}',
      'userdb {',
      '  driver = static',
      `  args = uid=${owner.uid} gid=${owner.gid} home=${mailRoot}/%u`,
      '}',
      'service imap-login {',
      '  inet_listener imap {',
      '    address = 127.0.0.1',
      `    port = ${port}`,
      '  }',
      '  inet_listener imaps {',
      '    port = 0',
      '  }',
      '}',
      'service stats {',
      '  unix_listener stats-reader {',
      '    mode = 0666',
      '  }',
      '  unix_listener stats-writer {',
      '    mode = 0666',
      '  }',
      '}',
      '',
    ].join('\n'),
  );

  const child = spawn(DOVECOT_BINARY, ['-F', '-c', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  // A test process that ends without stop() (a timeout, Ctrl-C) leaves no Dovecot behind: 'exit' handlers run
  // synchronously, so the master is killed (its workers follow it) and its folder removed there.
  const cleanUp = () => {
    child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  };
  process.once('exit', cleanUp);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await waitForPort(port, child, logFile);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
  }

  let delivered = 0;
  const deliver = (raws: Array<Buffer | string>) => {
    const host = os.hostname().replace(/[/:]/g, '_');
    for (const raw of raws) {
      delivered += 1;
      const name = `${Math.floor(Date.now() / 1000)}.M${delivered}P${process.pid}Q${randomBytes(4).toString('hex')}.${host}`;
      const tmpFile = path.join(maildir, 'tmp', name);
      writeFileSync(tmpFile, raw, { mode: 0o644 });
      if (owner.asRoot) chownSync(tmpFile, owner.uid, owner.gid);
      // tmp/ then a rename into new/: Dovecot never sees half a message (the maildir delivery protocol).
      renameSync(tmpFile, path.join(maildir, 'new', name));
    }
  };

  const uidValidity = () => {
    const out = runDoveadm(configFile, ['-f', 'flow', 'mailbox', 'status', '-u', user, 'uidvalidity', 'INBOX']);
    const match = /uidvalidity=(\d+)/.exec(out);
    if (!match?.[1]) throw new Error(`no uidvalidity in: ${out}`);
    return Number(match[1]);
  };

  const messageCount = () => {
    const out = runDoveadm(configFile, ['-f', 'flow', 'mailbox', 'status', '-u', user, 'messages', 'INBOX']);
    const match = /messages=(\d+)/.exec(out);
    if (!match?.[1]) throw new Error(`no message count in: ${out}`);
    return Number(match[1]);
  };

  const recreateMailbox = (raws: Array<Buffer | string>) => {
    const before = uidValidity();
    // Every message, the UID list and the indexes go: Dovecot sees a new, empty mailbox.
    rmSync(maildir, { recursive: true, force: true });
    createMaildir();
    deliver(raws);
    // Dovecot takes the time as the new UIDVALIDITY; a recreation within the same second must still differ.
    runDoveadm(configFile, ['mailbox', 'update', '-u', user, '--uid-validity', String(before + 1), 'INBOX']);
  };

  const stop = async () => {
    process.off('exit', cleanUp);
    if (child.exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(root, { recursive: true, force: true });
  };

  return {
    url: `imap://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/INBOX`,
    port,
    user,
    password,
    maildir,
    deliver,
    messageCount,
    uidValidity,
    recreateMailbox,
    stop,
  };
}

/** The names of the files in a maildir's cur/ and new/ (a test's view of what the server holds). */
export function maildirFiles(maildir: string): string[] {
  return ['cur', 'new'].flatMap((sub) => {
    const dir = path.join(maildir, sub);
    return existsSync(dir) ? readdirSync(dir) : [];
  });
}
