/**
 * Spreadsheet files staff can trust (issue 17, docs/decisions/0026). An export describes its table once, as a Sheet,
 * and is written as CSV (RFC 4180, every risky cell quoted, formulas neutralised line by line) or as an .xlsx
 * workbook (phone numbers and references as text cells, times as date cells). Times are Lagos's wall clock in both.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { stringify, type Options as CsvOptions } from 'csv-stringify';
import { stringify as stringifyNow } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { Response } from 'express';
import { strToU8, zipSync } from 'fflate';
import { lagosDateTimeOf, lagosWallClockOf } from './clock';

/**
 * What a column holds, which decides how each format writes it: `long` free text wraps in a workbook; `phone` and
 * `reference` are text cells there, never numbers; `date` cells hold a Date.
 */
export type ColumnType = 'text' | 'long' | 'phone' | 'reference' | 'date';

export interface SheetColumn {
  readonly header: string;
  readonly type?: ColumnType;
}

export type Cell = string | Date | null;

export interface Sheet {
  /** The worksheet's name in a workbook (at most 31 characters), and the CSV's in a ZIP. */
  readonly name: string;
  readonly columns: readonly SheetColumn[];
  /** The rows a batch at a time, so a large export never sits in memory at once. */
  readonly rows: AsyncIterable<Cell[][]>;
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A header names the time zone of a time column: `Received in Lagos (UTC+1)`. */
export function headerOf(column: SheetColumn): string {
  return column.type === 'date' ? `${column.header} in Lagos (UTC+1)` : column.header;
}

/** Rows already read, as a Sheet's one batch. */
export async function* inOneBatch(rows: Cell[][]): AsyncIterable<Cell[][]> {
  yield rows;
}

/**
 * A line a spreadsheet program would read as a formula: `=`, `+`, `-`, `@` (or their full-width forms, which Apple
 * Numbers folds), after spaces, or a tab (OWASP's CSV injection advice).
 */
const FORMULA_LINE = /(^|\r\n|\r|\n)(?=\t| *[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;

/**
 * Puts an apostrophe before every line of a cell that a spreadsheet would run as a formula. Every line, not only the
 * first: a program that splits the cell at a line break (or a CSV written without quoting it, as ours once was)
 * would otherwise start a row with the second line's `=HYPERLINK(...)`.
 */
export function neutraliseText(text: string): string {
  return text.replace(FORMULA_LINE, "$1'");
}

/**
 * A phone number as typed: a digit (after a + or a bracket), then digits, spaces, brackets, dots or dashes. It cannot
 * name a function, another cell or another program, so it is written as it is, without the apostrophe a spreadsheet
 * would show (`'+234 803 555 1234`).
 */
const PHONE_TEXT = /^[+(]?\d[\d\s().-]*$/;

function csvTextOf(type: ColumnType | undefined, text: string): string {
  return type === 'phone' && PHONE_TEXT.test(text) ? text : neutraliseText(text);
}

function csvOptionsOf(columns: readonly SheetColumn[]): CsvOptions {
  return {
    bom: true,
    record_delimiter: 'windows',
    // With record_delimiter set, csv-stringify quotes only the cells holding \r\n: a lone \n or \r inside a note
    // would start a new row in every spreadsheet program.
    quote_record_delimiter: true,
    // Leading or trailing spaces: some programs trim them from a cell that is not quoted.
    quoted_match: [/^\s/, /\s$/],
    cast: {
      string: (text, context) => csvTextOf(columns[Number(context.column)]?.type, text),
      date: (at) => lagosDateTimeOf(at),
    },
  };
}

/**
 * Writes a sheet as CSV (a UTF-8 byte order mark, so spreadsheet programs read the names right, then the header and
 * the rows) to `out` batch by batch, waiting whenever `out` is full.
 */
export async function writeCsv(out: Writable, sheet: Sheet): Promise<void> {
  const csv = stringify(csvOptionsOf(sheet.columns));
  csv.pipe(out);
  const write = async (record: Cell[]) => {
    if (!csv.write(record)) await once(csv, 'drain');
  };
  await write(sheet.columns.map(headerOf));
  for await (const batch of sheet.rows) {
    for (const record of batch) await write(record);
  }
  csv.end();
  await once(out, 'finish');
}

/** A small sheet as one CSV file's text, for a ZIP of several. */
export async function csvFileOf(sheet: Sheet): Promise<string> {
  const records: Cell[][] = [sheet.columns.map(headerOf)];
  for await (const batch of sheet.rows) records.push(...batch);
  return stringifyNow(records, csvOptionsOf(sheet.columns));
}

/** Small sheets as a ZIP of one CSV each, named after its sheet: `Notes` is `notes.csv`. */
/** A file the ZIP carries beside the sheets' CSVs (a data request's attachments), by its path in the ZIP. */
export interface ZipFile {
  path: string;
  content: Uint8Array;
}

export async function csvZipOf(sheets: readonly Sheet[], extra: readonly ZipFile[] = []): Promise<Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (const sheet of sheets) {
    files[`${sheet.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.csv`] = strToU8(await csvFileOf(sheet));
  }
  for (const file of extra) files[file.path] = file.content;
  return zipSync(files);
}

/** Excel refuses a workbook with a longer cell. */
const XLSX_CELL_MAX = 32_767;

const XLSX_COLUMNS: Record<ColumnType, Partial<ExcelJS.Column>> = {
  text: { width: 24 },
  long: { width: 60, style: { alignment: { wrapText: true, vertical: 'top' } } },
  phone: { width: 20, style: { numFmt: '@' } },
  reference: { width: 16, style: { numFmt: '@' } },
  date: { width: 18, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
};

function xlsxValueOf(cell: Cell): string | Date | null {
  if (cell instanceof Date) return lagosWallClockOf(cell);
  return cell !== null && cell.length > XLSX_CELL_MAX ? `${cell.slice(0, XLSX_CELL_MAX - 1)}…` : cell;
}

/**
 * Writes sheets as one .xlsx workbook, row by row. A text cell is never a formula in a workbook, so no apostrophe is
 * needed; a time is written as Lagos's wall clock, since a spreadsheet's date cell has no time zone.
 */
export async function writeXlsx(out: Writable, sheets: readonly Sheet[]): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = sheet.columns.map((column) => ({
      header: headerOf(column),
      ...XLSX_COLUMNS[column.type ?? 'text'],
    }));
    worksheet.getRow(1).font = { bold: true };
    for await (const batch of sheet.rows) {
      for (const record of batch) worksheet.addRow(record.map(xlsxValueOf)).commit();
    }
    worksheet.commit();
  }
  await workbook.commit();
  if (!out.writableFinished) await once(out, 'finish');
}

/** Answers a download: the file's type and name, then its bytes. */
function startDownload(res: Response, contentType: string, fileName: string): void {
  res.status(200);
  res.attachment(fileName);
  res.setHeader('Content-Type', contentType);
}

export async function sendCsv(res: Response, fileName: string, sheet: Sheet): Promise<void> {
  startDownload(res, CSV_CONTENT_TYPE, fileName);
  await writeCsv(res, sheet);
}

export async function sendZip(
  res: Response,
  fileName: string,
  sheets: readonly Sheet[],
  extra: readonly ZipFile[] = [],
): Promise<void> {
  const zip = await csvZipOf(sheets, extra);
  startDownload(res, 'application/zip', fileName);
  res.end(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
}

export async function sendXlsx(res: Response, fileName: string, sheets: readonly Sheet[]): Promise<void> {
  startDownload(res, XLSX_CONTENT_TYPE, fileName);
  await writeXlsx(res, sheets);
}
