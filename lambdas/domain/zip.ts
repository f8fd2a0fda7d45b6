/**
 * Reads a zip archive (docx, xlsx and pptx are zips): the entries of its central directory, and one
 * entry's bytes, inflated with node:zlib. Enough for the upload checks (which parts a package holds)
 * and docx text; written here rather than bundling a zip library, which cost the upload Lambda 6 KB of
 * its 300 KB budget. Walks the directory as fflate's unzipSync does (zip64 included) and
 * throws on an archive it cannot read.
 *
 * Zip bombs are stopped here, while inflating: zlib's `maxOutputLength` ends the inflate
 * as soon as an entry's output passes what is left of its budget (per entry, and for the whole
 * archive across every entry read through one `ZipBudget`), so a bomb never gets to allocate more.
 * The directory walk is linear in the archive: each entry must carry its signature, so a forged
 * count cannot make it loop past the bytes.
 */
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else cannot be read. */
  compression: number;
  size: number;
  originalSize: number;
  /** Where the entry's local header starts. */
  headerOffset: number;
}

/** At most this many bytes out of one entry, and out of one archive, by default. */
export const MAX_ENTRY_INFLATED_BYTES = 32 * 1024 * 1024;
export const MAX_ARCHIVE_INFLATED_BYTES = 64 * 1024 * 1024;

/** What may still be inflated from one archive; pass the same one to every read of that archive. */
export interface ZipBudget {
  maxEntryBytes: number;
  /** Left for the whole archive; each read takes what it inflated. */
  archiveBytesLeft: number;
}

export const zipBudget = (maxEntryBytes = MAX_ENTRY_INFLATED_BYTES, maxArchiveBytes = MAX_ARCHIVE_INFLATED_BYTES): ZipBudget => ({
  maxEntryBytes,
  archiveBytesLeft: maxArchiveBytes,
});

/** An entry (or the archive) would inflate beyond its budget. */
export class ZipBomb extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipBomb';
  }
}

const END = 0x06054b50;
const END64_LOCATOR = 0x07064b50;
const END64 = 0x06064b50;
const CENTRAL = 0x02014b50;
/** A 32-bit field saying "the value is in the zip64 extra field". */
const IN_ZIP64 = 0xffffffff;
/** The end record (22 bytes) plus the longest comment. */
const MAX_END_DISTANCE = 22 + 0xffff;

// little-endian reads; outside the data they read 0, so a damaged archive fails a signature check
const u16 = (d: Uint8Array, i: number) => (d[i] ?? 0) | ((d[i + 1] ?? 0) << 8);
const u32 = (d: Uint8Array, i: number) => (u16(d, i) | (u16(d, i + 2) << 16)) >>> 0;
const u64 = (d: Uint8Array, i: number) => u32(d, i) + u32(d, i + 4) * 2 ** 32;

const damaged = () => new Error('not a readable zip archive');

export function zipEntries(d: Uint8Array): ZipEntry[] {
  let end = d.length - 22;
  for (; u32(d, end) !== END; end--) if (end <= 0 || d.length - end > MAX_END_DISTANCE) throw damaged();
  let count = u16(d, end + 8);
  let at = u32(d, end + 16);
  let zip64 = u32(d, end - 20) === END64_LOCATOR && u32(d, u32(d, end - 12)) === END64;
  if (zip64) {
    const end64 = u32(d, end - 12);
    count = u32(d, end64 + 32);
    at = u32(d, end64 + 48);
  }
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    // each header is at least 46 bytes with its signature: a forged count stops at the data's end
    if (u32(d, at) !== CENTRAL) throw damaged();
    const nameLength = u16(d, at + 28);
    const extra = at + 46 + nameLength;
    const extraLength = u16(d, at + 30);
    const nameBytes = Buffer.from(d.subarray(at + 46, extra));
    // bit 11: the name is UTF-8; without it, CP437, read (as fflate does) one character per byte
    const name = u16(d, at + 8) & 0x800 ? nameBytes.toString('utf8') : nameBytes.toString('latin1');
    let size = u32(d, at + 20);
    let originalSize = u32(d, at + 24);
    let headerOffset = u32(d, at + 42);
    const wide = [originalSize, size, headerOffset].map((v) => v === IN_ZIP64);
    if (zip64 && wide.some(Boolean)) {
      let field = extra;
      while (field + 4 < extra + extraLength && u16(d, field) !== 1) field += 4 + u16(d, field + 2);
      if (!(field + 4 < extra + extraLength)) throw damaged();
      // the zip64 field holds the wide values only, in this order
      let value = field + 4;
      const next = () => {
        const v = u64(d, value);
        value += 8;
        return v;
      };
      if (wide[0]) originalSize = next();
      if (wide[1]) size = next();
      if (wide[2]) headerOffset = next();
    }
    entries.push({ name, compression: u16(d, at + 10), size, originalSize, headerOffset });
    at = extra + extraLength + u16(d, at + 32);
  }
  return entries;
}

/**
 * The entry's bytes; throws for a method other than stored or deflate, data longer than the
 * directory says, and (ZipBomb) an entry whose declared or actual size passes the budget, which
 * is charged with what was inflated.
 */
export function readZipEntry(d: Uint8Array, entry: ZipEntry, budget: ZipBudget = zipBudget()): Uint8Array {
  const h = entry.headerOffset;
  const start = h + 30 + u16(d, h + 26) + u16(d, h + 28);
  const data = d.subarray(start, start + entry.size);
  const limit = Math.min(budget.maxEntryBytes, budget.archiveBytesLeft);
  if (entry.compression === 0) {
    if (data.length > limit) throw new ZipBomb(`zip entry ${entry.name} is over the ${limit}-byte budget`);
    budget.archiveBytesLeft -= data.length;
    return data;
  }
  if (entry.compression !== 8) throw new Error(`zip compression method ${entry.compression} is not supported`);
  // the directory's size is a claim: believe it only to refuse early; zlib enforces the real limit
  if (entry.originalSize > limit) throw new ZipBomb(`zip entry ${entry.name} declares ${entry.originalSize} bytes, over the ${limit}-byte budget`);
  let out: Buffer;
  try {
    out = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.originalSize) });
  } catch (error) {
    // more than the directory declared: a lie, and possibly a bomb; either way it stops here
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipBomb(`zip entry ${entry.name} inflates beyond its declared ${entry.originalSize} bytes`);
    throw error;
  }
  budget.archiveBytesLeft -= out.length;
  return out;
}
