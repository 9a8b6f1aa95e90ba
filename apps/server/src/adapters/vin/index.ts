import { hasValidCheckDigit, modelYearOf } from './vin-rules.ts';
import { MODEL_PATTERNS, WMI_MAKES } from './makers.ts';

/** What vPIC's DecodeVinValues answers, in its field names (spec 01 §3). */
export interface VinDecode {
  ModelYear: string;
  Make: string;
  Model: string;
}

/** The decoder cannot answer now (the service is down, or switched off by VPIC_UNAVAILABLE). */
export class VinDecoderUnavailableError extends Error {
  constructor() {
    super('VIN decoder unavailable');
  }
}

export interface VinDecoder {
  readonly kind: 'offline';
  /** null when the VIN is not a valid VIN of a vehicle the decoder knows. */
  decode(vin: string): Promise<VinDecode | null>;
}

/**
 * An offline stand-in for NHTSA vPIC (ARCHITECTURE: no network at run time): the check digit,
 * the model year, the manufacturer's WMI and a descriptor pattern decide Make, Model, Year.
 * A VIN whose check digit is wrong is refused; vPIC only warns, the portal refuses.
 */
export function createOfflineVinDecoder(options: { available: boolean }): VinDecoder {
  return {
    kind: 'offline',
    async decode(vin) {
      if (!options.available) throw new VinDecoderUnavailableError();
      if (!hasValidCheckDigit(vin)) return null;
      const year = modelYearOf(vin);
      const makes = WMI_MAKES[vin.slice(0, 3)];
      if (!year || !makes) return null;
      const pattern = MODEL_PATTERNS.find(
        (p) =>
          p.wmi.includes(vin.slice(0, 3)) &&
          makes.includes(p.make) &&
          p.vds.test(vin.slice(3, 8)) &&
          year >= p.years[0] &&
          year <= p.years[1],
      );
      if (!pattern) return null;
      return { ModelYear: String(year), Make: pattern.make, Model: pattern.model };
    },
  };
}
