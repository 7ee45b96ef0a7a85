import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip, type Gzip } from 'node:zlib';

/** The archive's format, written in its first line; docs/backup-format.md describes version 1. */
export const BACKUP_FORMAT = 'rendezvous-digital-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** How a column's values are written: integers and texts as JSON, blobs as base64 texts. */
export type ColumnKind = 'integer' | 'real' | 'text' | 'blob';

export interface ArchiveColumn {
  name: string;
  kind: ColumnKind;
}

export interface ArchiveTable {
  name: string;
  columns: ArchiveColumn[];
  /** The column whose next value the database hands out itself (an auto-increment id), when the table has one. */
  autoIncrement?: string;
}

/** The archive's first line. */
export interface ArchiveHeader {
  format: string;
  version: number;
  /** The engine the rows were read from: sqlite or mysql. */
  engine: string;
  /** The latest migration applied to the database the rows were read from. */
  migration: string;
  createdAt: string;
}

export interface ManifestTable {
  rows: number;
  sha256: string;
  /** The next value of the table's auto-increment column in the source (never below its largest id + 1). */
  nextId?: number;
}

/** The archive's last line: what every part holds, and the SHA-256 of each part's lines as written. */
export interface ArchiveManifest extends ArchiveHeader {
  headerSha256: string;
  /** In the order written, parents before the tables that refer to them. */
  tables: Array<ManifestTable & ArchiveTable>;
  files: { count: number; bytes: number; sha256: string };
}

/** A file that is not a readable archive of this format, with what is wrong in words an owner can act on. */
export class BackupArchiveError extends Error {}

/** Writes an archive line by line: the header, each table's part, the files' part, the manifest. */
export class ArchiveWriter {
  readonly #gzip: Gzip;
  readonly #file: WriteStream;
  readonly #header: ArchiveHeader;
  readonly #headerSha256: string;
  readonly #tables: ArchiveManifest['tables'] = [];
  #part: { hash: ReturnType<typeof createHash>; table: ArchiveTable; rows: number } | undefined;
  readonly #files = { hash: createHash('sha256'), count: 0, bytes: 0 };

  private constructor(path: string, header: ArchiveHeader) {
    this.#gzip = createGzip({ level: 6 });
    this.#file = createWriteStream(path, { flags: 'wx' });
    this.#gzip.pipe(this.#file);
    this.#header = header;
    const line = JSON.stringify(header);
    this.#headerSha256 = sha256(`${line}\n`);
    this.#gzip.write(`${line}\n`);
  }

  static open(path: string, header: Omit<ArchiveHeader, 'format' | 'version'>): ArchiveWriter {
    return new ArchiveWriter(path, { format: BACKUP_FORMAT, version: BACKUP_FORMAT_VERSION, ...header });
  }

  /** Bytes written to the file so far (compressed). */
  get bytesWritten(): number {
    return this.#file.bytesWritten;
  }

  async startTable(table: ArchiveTable): Promise<void> {
    this.#endTable();
    this.#part = { hash: createHash('sha256'), table, rows: 0 };
    await this.#line(this.#part.hash, {
      table: table.name,
      columns: table.columns,
      autoIncrement: table.autoIncrement,
    });
  }

  /** One row, its values in the order of the table's columns, as the driver read them. */
  async writeRow(values: readonly unknown[]): Promise<void> {
    const part = this.#part;
    if (!part) throw new Error('writeRow before startTable');
    part.rows += 1;
    await this.#line(
      part.hash,
      part.table.columns.map((column, index) => encodeValue(values[index], column.kind)),
    );
  }

  async writeFile(relativePath: string, content: Buffer): Promise<void> {
    this.#endTable();
    this.#files.count += 1;
    this.#files.bytes += content.length;
    await this.#line(this.#files.hash, { file: relativePath, data: content.toString('base64') });
  }

  /** Writes the manifest and closes the file; `nextIds` gives each auto-increment table's next id. */
  async finish(nextIds: ReadonlyMap<string, number>): Promise<ArchiveManifest> {
    this.#endTable();
    const manifest: ArchiveManifest = {
      ...this.#header,
      headerSha256: this.#headerSha256,
      tables: this.#tables.map((table) => {
        const nextId = nextIds.get(table.name);
        return nextId === undefined ? table : { ...table, nextId };
      }),
      files: { count: this.#files.count, bytes: this.#files.bytes, sha256: this.#files.hash.digest('hex') },
    };
    this.#gzip.end(`${JSON.stringify({ manifest })}\n`);
    await once(this.#file, 'close');
    return manifest;
  }

  /** Stops writing after a failure; the caller removes the file. */
  abort(): void {
    this.#gzip.destroy();
    this.#file.destroy();
  }

  #endTable(): void {
    if (!this.#part) return;
    const { table, rows, hash } = this.#part;
    this.#tables.push({ ...table, rows, sha256: hash.digest('hex') });
    this.#part = undefined;
  }

  async #line(hash: ReturnType<typeof createHash>, value: unknown): Promise<void> {
    const line = `${JSON.stringify(value)}\n`;
    hash.update(line);
    if (!this.#gzip.write(line)) await once(this.#gzip, 'drain');
  }
}

/** A value as the archive carries it, the same whichever engine it came from. */
function encodeValue(value: unknown, kind: ColumnKind): unknown {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') return Number(value);
  // mysql2 answers DECIMAL and very large BIGINT values as texts.
  if ((kind === 'integer' || kind === 'real') && typeof value === 'string') return Number(value);
  return value;
}

/** A value read from the archive, as the drivers take it for a column of this kind. */
export function decodeValue(value: unknown, kind: ColumnKind): unknown {
  if (value === null) return null;
  if (kind === 'blob') return Buffer.from(String(value), 'base64');
  return value;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What a reader is handed, part by part, in the order written. */
export interface ArchiveVisitor {
  table?(table: ArchiveTable): Promise<void> | void;
  row?(values: unknown[]): Promise<void> | void;
  file?(relativePath: string, content: Buffer): Promise<void> | void;
}

/**
 * Reads the archive once from the start, checking everything it can as it goes: the format and version, that every
 * line parses, each part's row count and SHA-256 against the manifest, and that the manifest is the last line.
 * Throws a BackupArchiveError naming what is wrong; answers the manifest when the whole file is sound.
 */
export async function readArchive(path: string, visitor: ArchiveVisitor = {}): Promise<ArchiveManifest> {
  const gunzip = createGunzip();
  const input = createReadStream(path);
  let streamError: Error | undefined;
  input.on('error', (error) => {
    streamError = error;
    gunzip.destroy(error);
  });
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity });
  let header: ArchiveHeader | undefined;
  let headerSha256 = '';
  let manifest: ArchiveManifest | undefined;
  const seen: Array<{ name: string; rows: number; sha256: string }> = [];
  let part: { name: string; columns: ArchiveColumn[]; rows: number; hash: ReturnType<typeof createHash> } | undefined;
  const files = { hash: createHash('sha256'), count: 0 };
  const endPart = () => {
    if (part) seen.push({ name: part.name, rows: part.rows, sha256: part.hash.digest('hex') });
    part = undefined;
  };
  try {
    for await (const line of lines) {
      if (manifest) throw new BackupArchiveError('The archive goes on after its manifest: it has been edited.');
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw new BackupArchiveError(
          header
            ? `Line ${seen.length + 2} of the archive is not readable: it has been edited or damaged.`
            : 'This file is not a backup archive of this application.',
        );
      }
      if (!header) {
        header = checkHeader(value);
        headerSha256 = sha256(`${line}\n`);
        continue;
      }
      if (Array.isArray(value)) {
        if (!part) throw new BackupArchiveError('The archive has rows outside a table: it has been edited.');
        part.hash.update(`${line}\n`);
        part.rows += 1;
        if (visitor.row) await visitor.row(part.columns.map((column, index) => decodeValue(value[index], column.kind)));
        continue;
      }
      const record = (value ?? {}) as Record<string, unknown>;
      if (typeof record.table === 'string') {
        endPart();
        const table: ArchiveTable = {
          name: record.table,
          columns: record.columns as ArchiveColumn[],
          ...(typeof record.autoIncrement === 'string' ? { autoIncrement: record.autoIncrement } : {}),
        };
        part = { name: table.name, columns: table.columns, rows: 0, hash: createHash('sha256') };
        part.hash.update(`${line}\n`);
        if (visitor.table) await visitor.table(table);
      } else if (typeof record.file === 'string' && typeof record.data === 'string') {
        endPart();
        files.hash.update(`${line}\n`);
        files.count += 1;
        if (visitor.file) await visitor.file(record.file, Buffer.from(record.data, 'base64'));
      } else if (record.manifest && typeof record.manifest === 'object') {
        endPart();
        manifest = record.manifest as ArchiveManifest;
      } else {
        throw new BackupArchiveError(`Line ${seen.length + 2} of the archive is of no known kind: it has been edited.`);
      }
    }
  } catch (error) {
    if (error instanceof BackupArchiveError) throw error;
    const code = (error as { code?: string }).code;
    if (streamError) throw new BackupArchiveError(`The archive cannot be read: ${streamError.message}`);
    if (code === 'Z_DATA_ERROR' && !header) {
      throw new BackupArchiveError(
        'This file is not a backup archive of this application (it is not gzip-compressed).',
      );
    }
    if (code === 'Z_BUF_ERROR' || /unexpected end/i.test((error as Error).message)) {
      throw new BackupArchiveError(truncated(seen));
    }
    if (code === 'Z_DATA_ERROR')
      throw new BackupArchiveError('The archive is damaged: its compressed data is corrupt.');
    throw error;
  }
  if (!header) throw new BackupArchiveError('The file is empty: it is not a backup archive.');
  if (!manifest) throw new BackupArchiveError(truncated(seen));
  checkManifest(manifest, header, headerSha256, seen, files);
  return manifest;
}

const truncated = (seen: Array<{ name: string }>) =>
  `The archive is truncated: it ends ${seen.length > 0 ? `after the table ${seen.at(-1)?.name}` : 'after its first line'}, before its manifest.`;

function checkHeader(value: unknown): ArchiveHeader {
  const header = (value ?? {}) as Partial<ArchiveHeader>;
  if (typeof header !== 'object' || typeof header.format !== 'string') {
    throw new BackupArchiveError('This file is not a backup archive of this application.');
  }
  if (header.format !== BACKUP_FORMAT) {
    throw new BackupArchiveError(`This file is a "${header.format}" archive, not a ${BACKUP_FORMAT} archive.`);
  }
  if (typeof header.version !== 'number' || header.version > BACKUP_FORMAT_VERSION) {
    throw new BackupArchiveError(
      `The archive is in format version ${String(header.version)}; this release reads up to version ` +
        `${BACKUP_FORMAT_VERSION}. Restore it with the release that made it, or a later one.`,
    );
  }
  if (typeof header.migration !== 'string' || typeof header.engine !== 'string') {
    throw new BackupArchiveError('The archive header lacks its migration level or engine: it has been edited.');
  }
  return header as ArchiveHeader;
}

function checkManifest(
  manifest: ArchiveManifest,
  header: ArchiveHeader,
  headerSha256: string,
  seen: Array<{ name: string; rows: number; sha256: string }>,
  files: { hash: ReturnType<typeof createHash>; count: number },
): void {
  if (manifest.headerSha256 !== headerSha256 || manifest.migration !== header.migration) {
    throw new BackupArchiveError('The archive header does not match its checksum: it has been edited.');
  }
  const expected = manifest.tables ?? [];
  if (expected.length !== seen.length || expected.some((table, index) => table.name !== seen[index]?.name)) {
    throw new BackupArchiveError(
      `The archive's tables (${seen.map((table) => table.name).join(', ')}) are not those its manifest lists: it has been edited.`,
    );
  }
  for (const [index, table] of expected.entries()) {
    const actual = seen[index];
    if (actual?.rows !== table.rows) {
      throw new BackupArchiveError(
        `The table ${table.name} holds ${actual?.rows} rows where the manifest says ${table.rows}: the archive has been edited.`,
      );
    }
    if (actual.sha256 !== table.sha256) {
      throw new BackupArchiveError(
        `The rows of the table ${table.name} do not match their SHA-256 checksum: the archive has been edited or damaged.`,
      );
    }
  }
  if (manifest.files?.count !== files.count || manifest.files.sha256 !== files.hash.digest('hex')) {
    throw new BackupArchiveError('The stored files do not match their SHA-256 checksum: the archive has been edited.');
  }
}
