export type Zone = 'domestic' | 'eu' | 'world';

export interface Parcel {
  weightGrams: number;
  zone: Zone;
}
