/**
 * Loads the source reader and writer (`source-reading.ts`, with the engine's XML codec) on
 * demand: the invoice dialogs need it only once the source tab opens, so it stays out of the
 * console's first download.
 */
import type * as SourceReading from './source-reading';

export type SourceReader = typeof SourceReading;

export const loadSourceReader = (): Promise<SourceReader> => import('./source-reading');
