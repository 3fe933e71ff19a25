import { quote } from './rates.ts';
import type { Parcel } from './types.ts';

function euros(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The line printed on the parcel's label: zone, weight and price. */
export function label(parcel: Parcel): string {
  const kg = (parcel.weightGrams / 1000).toFixed(1);
  return `${parcel.zone.toUpperCase()} ${kg} kg, EUR ${euros(quote(parcel))}`;
}
