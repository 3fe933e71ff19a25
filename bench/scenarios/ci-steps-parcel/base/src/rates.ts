import type { Parcel, Zone } from './types.ts';

const BASE: Record<Zone, number> = { domestic: 450, eu: 900, world: 1800 };
const PER_KG: Record<Zone, number> = { domestic: 100, eu: 250, world: 600 };
const HEAVY_FROM = 10_000;
const HEAVY_SURCHARGE = 500;

/**
 * The price of a parcel, in cents: a base price per zone covers the first kilogram, each started
 * kilogram after it costs the zone's rate, and parcels from 10 kg pay a surcharge.
 */
export function quote(parcel: Parcel): number {
  if (!(parcel.weightGrams > 0)) throw new RangeError(`a parcel weighs something, not ${parcel.weightGrams} g`);
  const extraKg = Math.max(0, Math.ceil(parcel.weightGrams / 1000) - 1);
  const surcharge = parcel.weightGrams >= HEAVY_FROM ? HEAVY_SURCHARGE : 0;
  return BASE[parcel.zone] + extraKg * PER_KG[parcel.zone] + surcharge;
}
