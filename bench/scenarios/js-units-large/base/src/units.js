/**
 * Unit conversions: length, mass, volume and area. One function per pair of units, so call sites
 * read as what they do (feetToMeters(x)), and a table for conversions picked at run time.
 *
 * Results are rounded to 9 significant digits, which hides floating-point noise without losing
 * anything a person would measure.
 */

'use strict';

function round(value) {
  if (value === 0) return 0;
  return Number(value.toPrecision(9));
}

function assertFinite(value, name) {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new TypeError(`${name}: expected a finite number, got ${value}`);
  }
}

// ---- length ------------------------------------------------------------------------------------

/**
 * Converts meters to kilometers.
 *
 * @param {number} value - an amount in meters
 * @returns {number} the same amount in kilometers, rounded to 9 significant digits
 */
function metersToKilometers(value) {
  assertFinite(value, 'metersToKilometers');
  return round(value / 1000);
}

/**
 * Converts meters to centimeters.
 *
 * @param {number} value - an amount in meters
 * @returns {number} the same amount in centimeters, rounded to 9 significant digits
 */
function metersToCentimeters(value) {
  assertFinite(value, 'metersToCentimeters');
  return round(value * 100);
}

/**
 * Converts meters to millimeters.
 *
 * @param {number} value - an amount in meters
 * @returns {number} the same amount in millimeters, rounded to 9 significant digits
 */
function metersToMillimeters(value) {
  assertFinite(value, 'metersToMillimeters');
  return round(value * 1000);
}

/**
 * Converts meters to inches.
 *
 * @param {number} value - an amount in meters
 * @returns {number} the same amount in inches, rounded to 9 significant digits
 */
function metersToInches(value) {
  assertFinite(value, 'metersToInches');
  return round(value * 39.3700787401575);
}

/**
 * Converts meters to feet.
 *
 * @param {number} value - an amount in meters
 * @returns {number} the same amount in feet, rounded to 9 significant digits
 */
function metersToFeet(value) {
  assertFinite(value, 'metersToFeet');
  return round(value * 3.28083989501312);
}

/**
 * Converts meters to yards.
 *
 * @param {number} value - an amount in meters
 * @returns {number} the same amount in yards, rounded to 9 significant digits
 */
function metersToYards(value) {
  assertFinite(value, 'metersToYards');
  return round(value * 1.09361329833771);
}

/**
 * Converts meters to miles.
 *
 * @param {number} value - an amount in meters
 * @returns {number} the same amount in miles, rounded to 9 significant digits
 */
function metersToMiles(value) {
  assertFinite(value, 'metersToMiles');
  return round(value / 1609.344);
}

/**
 * Converts meters to nauticalMiles.
 *
 * @param {number} value - an amount in meters
 * @returns {number} the same amount in nauticalMiles, rounded to 9 significant digits
 */
function metersToNauticalMiles(value) {
  assertFinite(value, 'metersToNauticalMiles');
  return round(value / 1852);
}

/**
 * Converts kilometers to meters.
 *
 * @param {number} value - an amount in kilometers
 * @returns {number} the same amount in meters, rounded to 9 significant digits
 */
function kilometersToMeters(value) {
  assertFinite(value, 'kilometersToMeters');
  return round(value * 1000);
}

/**
 * Converts kilometers to centimeters.
 *
 * @param {number} value - an amount in kilometers
 * @returns {number} the same amount in centimeters, rounded to 9 significant digits
 */
function kilometersToCentimeters(value) {
  assertFinite(value, 'kilometersToCentimeters');
  return round(value * 100000);
}

/**
 * Converts kilometers to millimeters.
 *
 * @param {number} value - an amount in kilometers
 * @returns {number} the same amount in millimeters, rounded to 9 significant digits
 */
function kilometersToMillimeters(value) {
  assertFinite(value, 'kilometersToMillimeters');
  return round(value * 1000000);
}

/**
 * Converts kilometers to inches.
 *
 * @param {number} value - an amount in kilometers
 * @returns {number} the same amount in inches, rounded to 9 significant digits
 */
function kilometersToInches(value) {
  assertFinite(value, 'kilometersToInches');
  return round(value * 39370.0787401575);
}

/**
 * Converts kilometers to feet.
 *
 * @param {number} value - an amount in kilometers
 * @returns {number} the same amount in feet, rounded to 9 significant digits
 */
function kilometersToFeet(value) {
  assertFinite(value, 'kilometersToFeet');
  return round(value * 3280.83989501312);
}

/**
 * Converts kilometers to yards.
 *
 * @param {number} value - an amount in kilometers
 * @returns {number} the same amount in yards, rounded to 9 significant digits
 */
function kilometersToYards(value) {
  assertFinite(value, 'kilometersToYards');
  return round(value * 1093.61329833771);
}

/**
 * Converts kilometers to miles.
 *
 * @param {number} value - an amount in kilometers
 * @returns {number} the same amount in miles, rounded to 9 significant digits
 */
function kilometersToMiles(value) {
  assertFinite(value, 'kilometersToMiles');
  return round(value / 1.609344);
}

/**
 * Converts kilometers to nauticalMiles.
 *
 * @param {number} value - an amount in kilometers
 * @returns {number} the same amount in nauticalMiles, rounded to 9 significant digits
 */
function kilometersToNauticalMiles(value) {
  assertFinite(value, 'kilometersToNauticalMiles');
  return round(value / 1.852);
}

/**
 * Converts centimeters to meters.
 *
 * @param {number} value - an amount in centimeters
 * @returns {number} the same amount in meters, rounded to 9 significant digits
 */
function centimetersToMeters(value) {
  assertFinite(value, 'centimetersToMeters');
  return round(value / 100);
}

/**
 * Converts centimeters to kilometers.
 *
 * @param {number} value - an amount in centimeters
 * @returns {number} the same amount in kilometers, rounded to 9 significant digits
 */
function centimetersToKilometers(value) {
  assertFinite(value, 'centimetersToKilometers');
  return round(value / 100000);
}

/**
 * Converts centimeters to millimeters.
 *
 * @param {number} value - an amount in centimeters
 * @returns {number} the same amount in millimeters, rounded to 9 significant digits
 */
function centimetersToMillimeters(value) {
  assertFinite(value, 'centimetersToMillimeters');
  return round(value * 10);
}

/**
 * Converts centimeters to inches.
 *
 * @param {number} value - an amount in centimeters
 * @returns {number} the same amount in inches, rounded to 9 significant digits
 */
function centimetersToInches(value) {
  assertFinite(value, 'centimetersToInches');
  return round(value / 2.54);
}

/**
 * Converts centimeters to feet.
 *
 * @param {number} value - an amount in centimeters
 * @returns {number} the same amount in feet, rounded to 9 significant digits
 */
function centimetersToFeet(value) {
  assertFinite(value, 'centimetersToFeet');
  return round(value / 30.48);
}

/**
 * Converts centimeters to yards.
 *
 * @param {number} value - an amount in centimeters
 * @returns {number} the same amount in yards, rounded to 9 significant digits
 */
function centimetersToYards(value) {
  assertFinite(value, 'centimetersToYards');
  return round(value / 91.44);
}

/**
 * Converts centimeters to miles.
 *
 * @param {number} value - an amount in centimeters
 * @returns {number} the same amount in miles, rounded to 9 significant digits
 */
function centimetersToMiles(value) {
  assertFinite(value, 'centimetersToMiles');
  return round(value / 160934.4);
}

/**
 * Converts centimeters to nauticalMiles.
 *
 * @param {number} value - an amount in centimeters
 * @returns {number} the same amount in nauticalMiles, rounded to 9 significant digits
 */
function centimetersToNauticalMiles(value) {
  assertFinite(value, 'centimetersToNauticalMiles');
  return round(value / 185200);
}

/**
 * Converts millimeters to meters.
 *
 * @param {number} value - an amount in millimeters
 * @returns {number} the same amount in meters, rounded to 9 significant digits
 */
function millimetersToMeters(value) {
  assertFinite(value, 'millimetersToMeters');
  return round(value / 1000);
}

/**
 * Converts millimeters to kilometers.
 *
 * @param {number} value - an amount in millimeters
 * @returns {number} the same amount in kilometers, rounded to 9 significant digits
 */
function millimetersToKilometers(value) {
  assertFinite(value, 'millimetersToKilometers');
  return round(value / 1000000);
}

/**
 * Converts millimeters to centimeters.
 *
 * @param {number} value - an amount in millimeters
 * @returns {number} the same amount in centimeters, rounded to 9 significant digits
 */
function millimetersToCentimeters(value) {
  assertFinite(value, 'millimetersToCentimeters');
  return round(value / 10);
}

/**
 * Converts millimeters to inches.
 *
 * @param {number} value - an amount in millimeters
 * @returns {number} the same amount in inches, rounded to 9 significant digits
 */
function millimetersToInches(value) {
  assertFinite(value, 'millimetersToInches');
  return round(value / 25.4);
}

/**
 * Converts millimeters to feet.
 *
 * @param {number} value - an amount in millimeters
 * @returns {number} the same amount in feet, rounded to 9 significant digits
 */
function millimetersToFeet(value) {
  assertFinite(value, 'millimetersToFeet');
  return round(value / 304.8);
}

/**
 * Converts millimeters to yards.
 *
 * @param {number} value - an amount in millimeters
 * @returns {number} the same amount in yards, rounded to 9 significant digits
 */
function millimetersToYards(value) {
  assertFinite(value, 'millimetersToYards');
  return round(value / 914.4);
}

/**
 * Converts millimeters to miles.
 *
 * @param {number} value - an amount in millimeters
 * @returns {number} the same amount in miles, rounded to 9 significant digits
 */
function millimetersToMiles(value) {
  assertFinite(value, 'millimetersToMiles');
  return round(value / 1609344);
}

/**
 * Converts millimeters to nauticalMiles.
 *
 * @param {number} value - an amount in millimeters
 * @returns {number} the same amount in nauticalMiles, rounded to 9 significant digits
 */
function millimetersToNauticalMiles(value) {
  assertFinite(value, 'millimetersToNauticalMiles');
  return round(value / 1852000);
}

/**
 * Converts inches to meters.
 *
 * @param {number} value - an amount in inches
 * @returns {number} the same amount in meters, rounded to 9 significant digits
 */
function inchesToMeters(value) {
  assertFinite(value, 'inchesToMeters');
  return round(value / 39.3700787401575);
}

/**
 * Converts inches to kilometers.
 *
 * @param {number} value - an amount in inches
 * @returns {number} the same amount in kilometers, rounded to 9 significant digits
 */
function inchesToKilometers(value) {
  assertFinite(value, 'inchesToKilometers');
  return round(value / 39370.0787401575);
}

/**
 * Converts inches to centimeters.
 *
 * @param {number} value - an amount in inches
 * @returns {number} the same amount in centimeters, rounded to 9 significant digits
 */
function inchesToCentimeters(value) {
  assertFinite(value, 'inchesToCentimeters');
  return round(value * 2.54);
}

/**
 * Converts inches to millimeters.
 *
 * @param {number} value - an amount in inches
 * @returns {number} the same amount in millimeters, rounded to 9 significant digits
 */
function inchesToMillimeters(value) {
  assertFinite(value, 'inchesToMillimeters');
  return round(value * 25.4);
}

/**
 * Converts inches to feet.
 *
 * @param {number} value - an amount in inches
 * @returns {number} the same amount in feet, rounded to 9 significant digits
 */
function inchesToFeet(value) {
  assertFinite(value, 'inchesToFeet');
  return round(value / 12);
}

/**
 * Converts inches to yards.
 *
 * @param {number} value - an amount in inches
 * @returns {number} the same amount in yards, rounded to 9 significant digits
 */
function inchesToYards(value) {
  assertFinite(value, 'inchesToYards');
  return round(value / 36);
}

/**
 * Converts inches to miles.
 *
 * @param {number} value - an amount in inches
 * @returns {number} the same amount in miles, rounded to 9 significant digits
 */
function inchesToMiles(value) {
  assertFinite(value, 'inchesToMiles');
  return round(value / 63360);
}

/**
 * Converts inches to nauticalMiles.
 *
 * @param {number} value - an amount in inches
 * @returns {number} the same amount in nauticalMiles, rounded to 9 significant digits
 */
function inchesToNauticalMiles(value) {
  assertFinite(value, 'inchesToNauticalMiles');
  return round(value / 72913.3858267717);
}

/**
 * Converts feet to meters.
 *
 * @param {number} value - an amount in feet
 * @returns {number} the same amount in meters, rounded to 9 significant digits
 */
function feetToMeters(value) {
  assertFinite(value, 'feetToMeters');
  return round(value / 3.28083989501312);
}

/**
 * Converts feet to kilometers.
 *
 * @param {number} value - an amount in feet
 * @returns {number} the same amount in kilometers, rounded to 9 significant digits
 */
function feetToKilometers(value) {
  assertFinite(value, 'feetToKilometers');
  return round(value / 3280.83989501312);
}

/**
 * Converts feet to centimeters.
 *
 * @param {number} value - an amount in feet
 * @returns {number} the same amount in centimeters, rounded to 9 significant digits
 */
function feetToCentimeters(value) {
  assertFinite(value, 'feetToCentimeters');
  return round(value * 30.48);
}

/**
 * Converts feet to millimeters.
 *
 * @param {number} value - an amount in feet
 * @returns {number} the same amount in millimeters, rounded to 9 significant digits
 */
function feetToMillimeters(value) {
  assertFinite(value, 'feetToMillimeters');
  return round(value * 304.8);
}

/**
 * Converts feet to inches.
 *
 * @param {number} value - an amount in feet
 * @returns {number} the same amount in inches, rounded to 9 significant digits
 */
function feetToInches(value) {
  assertFinite(value, 'feetToInches');
  return round(value * 12);
}

/**
 * Converts feet to yards.
 *
 * @param {number} value - an amount in feet
 * @returns {number} the same amount in yards, rounded to 9 significant digits
 */
function feetToYards(value) {
  assertFinite(value, 'feetToYards');
  return round(value / 3);
}

/**
 * Converts feet to miles.
 *
 * @param {number} value - an amount in feet
 * @returns {number} the same amount in miles, rounded to 9 significant digits
 */
function feetToMiles(value) {
  assertFinite(value, 'feetToMiles');
  return round(value / 5280);
}

/**
 * Converts feet to nauticalMiles.
 *
 * @param {number} value - an amount in feet
 * @returns {number} the same amount in nauticalMiles, rounded to 9 significant digits
 */
function feetToNauticalMiles(value) {
  assertFinite(value, 'feetToNauticalMiles');
  return round(value / 6076.11548556430);
}

/**
 * Converts yards to meters.
 *
 * @param {number} value - an amount in yards
 * @returns {number} the same amount in meters, rounded to 9 significant digits
 */
function yardsToMeters(value) {
  assertFinite(value, 'yardsToMeters');
  return round(value / 1.09361329833771);
}

/**
 * Converts yards to kilometers.
 *
 * @param {number} value - an amount in yards
 * @returns {number} the same amount in kilometers, rounded to 9 significant digits
 */
function yardsToKilometers(value) {
  assertFinite(value, 'yardsToKilometers');
  return round(value / 1093.61329833771);
}

/**
 * Converts yards to centimeters.
 *
 * @param {number} value - an amount in yards
 * @returns {number} the same amount in centimeters, rounded to 9 significant digits
 */
function yardsToCentimeters(value) {
  assertFinite(value, 'yardsToCentimeters');
  return round(value * 91.44);
}

/**
 * Converts yards to millimeters.
 *
 * @param {number} value - an amount in yards
 * @returns {number} the same amount in millimeters, rounded to 9 significant digits
 */
function yardsToMillimeters(value) {
  assertFinite(value, 'yardsToMillimeters');
  return round(value * 914.4);
}

/**
 * Converts yards to inches.
 *
 * @param {number} value - an amount in yards
 * @returns {number} the same amount in inches, rounded to 9 significant digits
 */
function yardsToInches(value) {
  assertFinite(value, 'yardsToInches');
  return round(value * 36);
}

/**
 * Converts yards to feet.
 *
 * @param {number} value - an amount in yards
 * @returns {number} the same amount in feet, rounded to 9 significant digits
 */
function yardsToFeet(value) {
  assertFinite(value, 'yardsToFeet');
  return round(value * 3);
}

/**
 * Converts yards to miles.
 *
 * @param {number} value - an amount in yards
 * @returns {number} the same amount in miles, rounded to 9 significant digits
 */
function yardsToMiles(value) {
  assertFinite(value, 'yardsToMiles');
  return round(value / 1760);
}

/**
 * Converts yards to nauticalMiles.
 *
 * @param {number} value - an amount in yards
 * @returns {number} the same amount in nauticalMiles, rounded to 9 significant digits
 */
function yardsToNauticalMiles(value) {
  assertFinite(value, 'yardsToNauticalMiles');
  return round(value / 2025.37182852143);
}

/**
 * Converts miles to meters.
 *
 * @param {number} value - an amount in miles
 * @returns {number} the same amount in meters, rounded to 9 significant digits
 */
function milesToMeters(value) {
  assertFinite(value, 'milesToMeters');
  return round(value * 1609.344);
}

/**
 * Converts miles to kilometers.
 *
 * @param {number} value - an amount in miles
 * @returns {number} the same amount in kilometers, rounded to 9 significant digits
 */
function milesToKilometers(value) {
  assertFinite(value, 'milesToKilometers');
  return round(value * 1.609344);
}

/**
 * Converts miles to centimeters.
 *
 * @param {number} value - an amount in miles
 * @returns {number} the same amount in centimeters, rounded to 9 significant digits
 */
function milesToCentimeters(value) {
  assertFinite(value, 'milesToCentimeters');
  return round(value * 160934.4);
}

/**
 * Converts miles to millimeters.
 *
 * @param {number} value - an amount in miles
 * @returns {number} the same amount in millimeters, rounded to 9 significant digits
 */
function milesToMillimeters(value) {
  assertFinite(value, 'milesToMillimeters');
  return round(value * 1609344);
}

/**
 * Converts miles to inches.
 *
 * @param {number} value - an amount in miles
 * @returns {number} the same amount in inches, rounded to 9 significant digits
 */
function milesToInches(value) {
  assertFinite(value, 'milesToInches');
  return round(value * 63360);
}

/**
 * Converts miles to feet.
 *
 * @param {number} value - an amount in miles
 * @returns {number} the same amount in feet, rounded to 9 significant digits
 */
function milesToFeet(value) {
  assertFinite(value, 'milesToFeet');
  return round(value * 5280);
}

/**
 * Converts miles to yards.
 *
 * @param {number} value - an amount in miles
 * @returns {number} the same amount in yards, rounded to 9 significant digits
 */
function milesToYards(value) {
  assertFinite(value, 'milesToYards');
  return round(value * 1760);
}

/**
 * Converts miles to nauticalMiles.
 *
 * @param {number} value - an amount in miles
 * @returns {number} the same amount in nauticalMiles, rounded to 9 significant digits
 */
function milesToNauticalMiles(value) {
  assertFinite(value, 'milesToNauticalMiles');
  return round(value / 1.15077944802354);
}

/**
 * Converts nauticalMiles to meters.
 *
 * @param {number} value - an amount in nauticalMiles
 * @returns {number} the same amount in meters, rounded to 9 significant digits
 */
function nauticalMilesToMeters(value) {
  assertFinite(value, 'nauticalMilesToMeters');
  return round(value * 1852);
}

/**
 * Converts nauticalMiles to kilometers.
 *
 * @param {number} value - an amount in nauticalMiles
 * @returns {number} the same amount in kilometers, rounded to 9 significant digits
 */
function nauticalMilesToKilometers(value) {
  assertFinite(value, 'nauticalMilesToKilometers');
  return round(value * 1.852);
}

/**
 * Converts nauticalMiles to centimeters.
 *
 * @param {number} value - an amount in nauticalMiles
 * @returns {number} the same amount in centimeters, rounded to 9 significant digits
 */
function nauticalMilesToCentimeters(value) {
  assertFinite(value, 'nauticalMilesToCentimeters');
  return round(value * 185200);
}

/**
 * Converts nauticalMiles to millimeters.
 *
 * @param {number} value - an amount in nauticalMiles
 * @returns {number} the same amount in millimeters, rounded to 9 significant digits
 */
function nauticalMilesToMillimeters(value) {
  assertFinite(value, 'nauticalMilesToMillimeters');
  return round(value * 1852000);
}

/**
 * Converts nauticalMiles to inches.
 *
 * @param {number} value - an amount in nauticalMiles
 * @returns {number} the same amount in inches, rounded to 9 significant digits
 */
function nauticalMilesToInches(value) {
  assertFinite(value, 'nauticalMilesToInches');
  return round(value * 72913.3858267717);
}

/**
 * Converts nauticalMiles to feet.
 *
 * @param {number} value - an amount in nauticalMiles
 * @returns {number} the same amount in feet, rounded to 9 significant digits
 */
function nauticalMilesToFeet(value) {
  assertFinite(value, 'nauticalMilesToFeet');
  return round(value * 6076.11548556430);
}

/**
 * Converts nauticalMiles to yards.
 *
 * @param {number} value - an amount in nauticalMiles
 * @returns {number} the same amount in yards, rounded to 9 significant digits
 */
function nauticalMilesToYards(value) {
  assertFinite(value, 'nauticalMilesToYards');
  return round(value * 2025.37182852143);
}

/**
 * Converts nauticalMiles to miles.
 *
 * @param {number} value - an amount in nauticalMiles
 * @returns {number} the same amount in miles, rounded to 9 significant digits
 */
function nauticalMilesToMiles(value) {
  assertFinite(value, 'nauticalMilesToMiles');
  return round(value * 1.15077944802354);
}

// ---- mass --------------------------------------------------------------------------------------

/**
 * Converts kilograms to grams.
 *
 * @param {number} value - an amount in kilograms
 * @returns {number} the same amount in grams, rounded to 9 significant digits
 */
function kilogramsToGrams(value) {
  assertFinite(value, 'kilogramsToGrams');
  return round(value * 1000);
}

/**
 * Converts kilograms to milligrams.
 *
 * @param {number} value - an amount in kilograms
 * @returns {number} the same amount in milligrams, rounded to 9 significant digits
 */
function kilogramsToMilligrams(value) {
  assertFinite(value, 'kilogramsToMilligrams');
  return round(value * 1000000);
}

/**
 * Converts kilograms to pounds.
 *
 * @param {number} value - an amount in kilograms
 * @returns {number} the same amount in pounds, rounded to 9 significant digits
 */
function kilogramsToPounds(value) {
  assertFinite(value, 'kilogramsToPounds');
  return round(value * 2.20462262184878);
}

/**
 * Converts kilograms to ounces.
 *
 * @param {number} value - an amount in kilograms
 * @returns {number} the same amount in ounces, rounded to 9 significant digits
 */
function kilogramsToOunces(value) {
  assertFinite(value, 'kilogramsToOunces');
  return round(value * 35.2739619495804);
}

/**
 * Converts kilograms to stones.
 *
 * @param {number} value - an amount in kilograms
 * @returns {number} the same amount in stones, rounded to 9 significant digits
 */
function kilogramsToStones(value) {
  assertFinite(value, 'kilogramsToStones');
  return round(value / 6.35029318);
}

/**
 * Converts kilograms to tonnes.
 *
 * @param {number} value - an amount in kilograms
 * @returns {number} the same amount in tonnes, rounded to 9 significant digits
 */
function kilogramsToTonnes(value) {
  assertFinite(value, 'kilogramsToTonnes');
  return round(value / 1000);
}

/**
 * Converts grams to kilograms.
 *
 * @param {number} value - an amount in grams
 * @returns {number} the same amount in kilograms, rounded to 9 significant digits
 */
function gramsToKilograms(value) {
  assertFinite(value, 'gramsToKilograms');
  return round(value / 1000);
}

/**
 * Converts grams to milligrams.
 *
 * @param {number} value - an amount in grams
 * @returns {number} the same amount in milligrams, rounded to 9 significant digits
 */
function gramsToMilligrams(value) {
  assertFinite(value, 'gramsToMilligrams');
  return round(value * 1000);
}

/**
 * Converts grams to pounds.
 *
 * @param {number} value - an amount in grams
 * @returns {number} the same amount in pounds, rounded to 9 significant digits
 */
function gramsToPounds(value) {
  assertFinite(value, 'gramsToPounds');
  return round(value / 453.59237);
}

/**
 * Converts grams to ounces.
 *
 * @param {number} value - an amount in grams
 * @returns {number} the same amount in ounces, rounded to 9 significant digits
 */
function gramsToOunces(value) {
  assertFinite(value, 'gramsToOunces');
  return round(value / 28.349523125);
}

/**
 * Converts grams to stones.
 *
 * @param {number} value - an amount in grams
 * @returns {number} the same amount in stones, rounded to 9 significant digits
 */
function gramsToStones(value) {
  assertFinite(value, 'gramsToStones');
  return round(value / 6350.29318);
}

/**
 * Converts grams to tonnes.
 *
 * @param {number} value - an amount in grams
 * @returns {number} the same amount in tonnes, rounded to 9 significant digits
 */
function gramsToTonnes(value) {
  assertFinite(value, 'gramsToTonnes');
  return round(value / 1000000);
}

/**
 * Converts milligrams to kilograms.
 *
 * @param {number} value - an amount in milligrams
 * @returns {number} the same amount in kilograms, rounded to 9 significant digits
 */
function milligramsToKilograms(value) {
  assertFinite(value, 'milligramsToKilograms');
  return round(value / 1000000);
}

/**
 * Converts milligrams to grams.
 *
 * @param {number} value - an amount in milligrams
 * @returns {number} the same amount in grams, rounded to 9 significant digits
 */
function milligramsToGrams(value) {
  assertFinite(value, 'milligramsToGrams');
  return round(value / 1000);
}

/**
 * Converts milligrams to pounds.
 *
 * @param {number} value - an amount in milligrams
 * @returns {number} the same amount in pounds, rounded to 9 significant digits
 */
function milligramsToPounds(value) {
  assertFinite(value, 'milligramsToPounds');
  return round(value / 453592.37);
}

/**
 * Converts milligrams to ounces.
 *
 * @param {number} value - an amount in milligrams
 * @returns {number} the same amount in ounces, rounded to 9 significant digits
 */
function milligramsToOunces(value) {
  assertFinite(value, 'milligramsToOunces');
  return round(value / 28349.523125);
}

/**
 * Converts milligrams to stones.
 *
 * @param {number} value - an amount in milligrams
 * @returns {number} the same amount in stones, rounded to 9 significant digits
 */
function milligramsToStones(value) {
  assertFinite(value, 'milligramsToStones');
  return round(value / 6350293.18);
}

/**
 * Converts milligrams to tonnes.
 *
 * @param {number} value - an amount in milligrams
 * @returns {number} the same amount in tonnes, rounded to 9 significant digits
 */
function milligramsToTonnes(value) {
  assertFinite(value, 'milligramsToTonnes');
  return round(value / 1000000000);
}

/**
 * Converts pounds to kilograms.
 *
 * @param {number} value - an amount in pounds
 * @returns {number} the same amount in kilograms, rounded to 9 significant digits
 */
function poundsToKilograms(value) {
  assertFinite(value, 'poundsToKilograms');
  return round(value / 2.20462262184878);
}

/**
 * Converts pounds to grams.
 *
 * @param {number} value - an amount in pounds
 * @returns {number} the same amount in grams, rounded to 9 significant digits
 */
function poundsToGrams(value) {
  assertFinite(value, 'poundsToGrams');
  return round(value * 453.59237);
}

/**
 * Converts pounds to milligrams.
 *
 * @param {number} value - an amount in pounds
 * @returns {number} the same amount in milligrams, rounded to 9 significant digits
 */
function poundsToMilligrams(value) {
  assertFinite(value, 'poundsToMilligrams');
  return round(value * 453592.37);
}

/**
 * Converts pounds to ounces.
 *
 * @param {number} value - an amount in pounds
 * @returns {number} the same amount in ounces, rounded to 9 significant digits
 */
function poundsToOunces(value) {
  assertFinite(value, 'poundsToOunces');
  return round(value * 16);
}

/**
 * Converts pounds to stones.
 *
 * @param {number} value - an amount in pounds
 * @returns {number} the same amount in stones, rounded to 9 significant digits
 */
function poundsToStones(value) {
  assertFinite(value, 'poundsToStones');
  return round(value / 14);
}

/**
 * Converts pounds to tonnes.
 *
 * @param {number} value - an amount in pounds
 * @returns {number} the same amount in tonnes, rounded to 9 significant digits
 */
function poundsToTonnes(value) {
  assertFinite(value, 'poundsToTonnes');
  return round(value / 2204.62262184878);
}

/**
 * Converts ounces to kilograms.
 *
 * @param {number} value - an amount in ounces
 * @returns {number} the same amount in kilograms, rounded to 9 significant digits
 */
function ouncesToKilograms(value) {
  assertFinite(value, 'ouncesToKilograms');
  return round(value / 35.2739619495804);
}

/**
 * Converts ounces to grams.
 *
 * @param {number} value - an amount in ounces
 * @returns {number} the same amount in grams, rounded to 9 significant digits
 */
function ouncesToGrams(value) {
  assertFinite(value, 'ouncesToGrams');
  return round(value * 28.349523125);
}

/**
 * Converts ounces to milligrams.
 *
 * @param {number} value - an amount in ounces
 * @returns {number} the same amount in milligrams, rounded to 9 significant digits
 */
function ouncesToMilligrams(value) {
  assertFinite(value, 'ouncesToMilligrams');
  return round(value * 28349.523125);
}

/**
 * Converts ounces to pounds.
 *
 * @param {number} value - an amount in ounces
 * @returns {number} the same amount in pounds, rounded to 9 significant digits
 */
function ouncesToPounds(value) {
  assertFinite(value, 'ouncesToPounds');
  return round(value / 16);
}

/**
 * Converts ounces to stones.
 *
 * @param {number} value - an amount in ounces
 * @returns {number} the same amount in stones, rounded to 9 significant digits
 */
function ouncesToStones(value) {
  assertFinite(value, 'ouncesToStones');
  return round(value / 224);
}

/**
 * Converts ounces to tonnes.
 *
 * @param {number} value - an amount in ounces
 * @returns {number} the same amount in tonnes, rounded to 9 significant digits
 */
function ouncesToTonnes(value) {
  assertFinite(value, 'ouncesToTonnes');
  return round(value / 35273.9619495804);
}

/**
 * Converts stones to kilograms.
 *
 * @param {number} value - an amount in stones
 * @returns {number} the same amount in kilograms, rounded to 9 significant digits
 */
function stonesToKilograms(value) {
  assertFinite(value, 'stonesToKilograms');
  return round(value * 6.35029318);
}

/**
 * Converts stones to grams.
 *
 * @param {number} value - an amount in stones
 * @returns {number} the same amount in grams, rounded to 9 significant digits
 */
function stonesToGrams(value) {
  assertFinite(value, 'stonesToGrams');
  return round(value * 6350.29318);
}

/**
 * Converts stones to milligrams.
 *
 * @param {number} value - an amount in stones
 * @returns {number} the same amount in milligrams, rounded to 9 significant digits
 */
function stonesToMilligrams(value) {
  assertFinite(value, 'stonesToMilligrams');
  return round(value * 6350293.18);
}

/**
 * Converts stones to pounds.
 *
 * @param {number} value - an amount in stones
 * @returns {number} the same amount in pounds, rounded to 9 significant digits
 */
function stonesToPounds(value) {
  assertFinite(value, 'stonesToPounds');
  return round(value * 14);
}

/**
 * Converts stones to ounces.
 *
 * @param {number} value - an amount in stones
 * @returns {number} the same amount in ounces, rounded to 9 significant digits
 */
function stonesToOunces(value) {
  assertFinite(value, 'stonesToOunces');
  return round(value * 224);
}

/**
 * Converts stones to tonnes.
 *
 * @param {number} value - an amount in stones
 * @returns {number} the same amount in tonnes, rounded to 9 significant digits
 */
function stonesToTonnes(value) {
  assertFinite(value, 'stonesToTonnes');
  return round(value / 157.473044417770);
}

/**
 * Converts tonnes to kilograms.
 *
 * @param {number} value - an amount in tonnes
 * @returns {number} the same amount in kilograms, rounded to 9 significant digits
 */
function tonnesToKilograms(value) {
  assertFinite(value, 'tonnesToKilograms');
  return round(value * 1000);
}

/**
 * Converts tonnes to grams.
 *
 * @param {number} value - an amount in tonnes
 * @returns {number} the same amount in grams, rounded to 9 significant digits
 */
function tonnesToGrams(value) {
  assertFinite(value, 'tonnesToGrams');
  return round(value * 1000000);
}

/**
 * Converts tonnes to milligrams.
 *
 * @param {number} value - an amount in tonnes
 * @returns {number} the same amount in milligrams, rounded to 9 significant digits
 */
function tonnesToMilligrams(value) {
  assertFinite(value, 'tonnesToMilligrams');
  return round(value * 1000000000);
}

/**
 * Converts tonnes to pounds.
 *
 * @param {number} value - an amount in tonnes
 * @returns {number} the same amount in pounds, rounded to 9 significant digits
 */
function tonnesToPounds(value) {
  assertFinite(value, 'tonnesToPounds');
  return round(value * 2204.62262184878);
}

/**
 * Converts tonnes to ounces.
 *
 * @param {number} value - an amount in tonnes
 * @returns {number} the same amount in ounces, rounded to 9 significant digits
 */
function tonnesToOunces(value) {
  assertFinite(value, 'tonnesToOunces');
  return round(value * 35273.9619495804);
}

/**
 * Converts tonnes to stones.
 *
 * @param {number} value - an amount in tonnes
 * @returns {number} the same amount in stones, rounded to 9 significant digits
 */
function tonnesToStones(value) {
  assertFinite(value, 'tonnesToStones');
  return round(value * 157.473044417770);
}

// ---- volume ------------------------------------------------------------------------------------

/**
 * Converts liters to milliliters.
 *
 * @param {number} value - an amount in liters
 * @returns {number} the same amount in milliliters, rounded to 9 significant digits
 */
function litersToMilliliters(value) {
  assertFinite(value, 'litersToMilliliters');
  return round(value * 1000);
}

/**
 * Converts liters to gallons.
 *
 * @param {number} value - an amount in liters
 * @returns {number} the same amount in gallons, rounded to 9 significant digits
 */
function litersToGallons(value) {
  assertFinite(value, 'litersToGallons');
  return round(value / 3.785);
}

/**
 * Converts liters to quarts.
 *
 * @param {number} value - an amount in liters
 * @returns {number} the same amount in quarts, rounded to 9 significant digits
 */
function litersToQuarts(value) {
  assertFinite(value, 'litersToQuarts');
  return round(value * 1.05663567202029);
}

/**
 * Converts liters to pints.
 *
 * @param {number} value - an amount in liters
 * @returns {number} the same amount in pints, rounded to 9 significant digits
 */
function litersToPints(value) {
  assertFinite(value, 'litersToPints');
  return round(value * 2.11327134404057);
}

/**
 * Converts liters to cups.
 *
 * @param {number} value - an amount in liters
 * @returns {number} the same amount in cups, rounded to 9 significant digits
 */
function litersToCups(value) {
  assertFinite(value, 'litersToCups');
  return round(value * 4.22654268808115);
}

/**
 * Converts liters to fluidOunces.
 *
 * @param {number} value - an amount in liters
 * @returns {number} the same amount in fluidOunces, rounded to 9 significant digits
 */
function litersToFluidOunces(value) {
  assertFinite(value, 'litersToFluidOunces');
  return round(value * 33.8180588434224);
}

/**
 * Converts liters to cubicMeters.
 *
 * @param {number} value - an amount in liters
 * @returns {number} the same amount in cubicMeters, rounded to 9 significant digits
 */
function litersToCubicMeters(value) {
  assertFinite(value, 'litersToCubicMeters');
  return round(value / 1000);
}

/**
 * Converts milliliters to liters.
 *
 * @param {number} value - an amount in milliliters
 * @returns {number} the same amount in liters, rounded to 9 significant digits
 */
function millilitersToLiters(value) {
  assertFinite(value, 'millilitersToLiters');
  return round(value / 1000);
}

/**
 * Converts milliliters to gallons.
 *
 * @param {number} value - an amount in milliliters
 * @returns {number} the same amount in gallons, rounded to 9 significant digits
 */
function millilitersToGallons(value) {
  assertFinite(value, 'millilitersToGallons');
  return round(value / 3785);
}

/**
 * Converts milliliters to quarts.
 *
 * @param {number} value - an amount in milliliters
 * @returns {number} the same amount in quarts, rounded to 9 significant digits
 */
function millilitersToQuarts(value) {
  assertFinite(value, 'millilitersToQuarts');
  return round(value / 946.4);
}

/**
 * Converts milliliters to pints.
 *
 * @param {number} value - an amount in milliliters
 * @returns {number} the same amount in pints, rounded to 9 significant digits
 */
function millilitersToPints(value) {
  assertFinite(value, 'millilitersToPints');
  return round(value / 473.2);
}

/**
 * Converts milliliters to cups.
 *
 * @param {number} value - an amount in milliliters
 * @returns {number} the same amount in cups, rounded to 9 significant digits
 */
function millilitersToCups(value) {
  assertFinite(value, 'millilitersToCups');
  return round(value / 236.6);
}

/**
 * Converts milliliters to fluidOunces.
 *
 * @param {number} value - an amount in milliliters
 * @returns {number} the same amount in fluidOunces, rounded to 9 significant digits
 */
function millilitersToFluidOunces(value) {
  assertFinite(value, 'millilitersToFluidOunces');
  return round(value / 29.57);
}

/**
 * Converts milliliters to cubicMeters.
 *
 * @param {number} value - an amount in milliliters
 * @returns {number} the same amount in cubicMeters, rounded to 9 significant digits
 */
function millilitersToCubicMeters(value) {
  assertFinite(value, 'millilitersToCubicMeters');
  return round(value / 1000000);
}

/**
 * Converts gallons to liters.
 *
 * @param {number} value - an amount in gallons
 * @returns {number} the same amount in liters, rounded to 9 significant digits
 */
function gallonsToLiters(value) {
  assertFinite(value, 'gallonsToLiters');
  return round(value * 3.785);
}

/**
 * Converts gallons to milliliters.
 *
 * @param {number} value - an amount in gallons
 * @returns {number} the same amount in milliliters, rounded to 9 significant digits
 */
function gallonsToMilliliters(value) {
  assertFinite(value, 'gallonsToMilliliters');
  return round(value * 3785);
}

/**
 * Converts gallons to quarts.
 *
 * @param {number} value - an amount in gallons
 * @returns {number} the same amount in quarts, rounded to 9 significant digits
 */
function gallonsToQuarts(value) {
  assertFinite(value, 'gallonsToQuarts');
  return round(value * 3.99936601859679);
}

/**
 * Converts gallons to pints.
 *
 * @param {number} value - an amount in gallons
 * @returns {number} the same amount in pints, rounded to 9 significant digits
 */
function gallonsToPints(value) {
  assertFinite(value, 'gallonsToPints');
  return round(value * 7.99873203719358);
}

/**
 * Converts gallons to cups.
 *
 * @param {number} value - an amount in gallons
 * @returns {number} the same amount in cups, rounded to 9 significant digits
 */
function gallonsToCups(value) {
  assertFinite(value, 'gallonsToCups');
  return round(value * 15.9974640743872);
}

/**
 * Converts gallons to fluidOunces.
 *
 * @param {number} value - an amount in gallons
 * @returns {number} the same amount in fluidOunces, rounded to 9 significant digits
 */
function gallonsToFluidOunces(value) {
  assertFinite(value, 'gallonsToFluidOunces');
  return round(value * 128.001352722354);
}

/**
 * Converts gallons to cubicMeters.
 *
 * @param {number} value - an amount in gallons
 * @returns {number} the same amount in cubicMeters, rounded to 9 significant digits
 */
function gallonsToCubicMeters(value) {
  assertFinite(value, 'gallonsToCubicMeters');
  return round(value / 264.200792602378);
}

/**
 * Converts quarts to liters.
 *
 * @param {number} value - an amount in quarts
 * @returns {number} the same amount in liters, rounded to 9 significant digits
 */
function quartsToLiters(value) {
  assertFinite(value, 'quartsToLiters');
  return round(value / 1.05663567202029);
}

/**
 * Converts quarts to milliliters.
 *
 * @param {number} value - an amount in quarts
 * @returns {number} the same amount in milliliters, rounded to 9 significant digits
 */
function quartsToMilliliters(value) {
  assertFinite(value, 'quartsToMilliliters');
  return round(value * 946.4);
}

/**
 * Converts quarts to gallons.
 *
 * @param {number} value - an amount in quarts
 * @returns {number} the same amount in gallons, rounded to 9 significant digits
 */
function quartsToGallons(value) {
  assertFinite(value, 'quartsToGallons');
  return round(value / 3.99936601859679);
}

/**
 * Converts quarts to pints.
 *
 * @param {number} value - an amount in quarts
 * @returns {number} the same amount in pints, rounded to 9 significant digits
 */
function quartsToPints(value) {
  assertFinite(value, 'quartsToPints');
  return round(value * 2);
}

/**
 * Converts quarts to cups.
 *
 * @param {number} value - an amount in quarts
 * @returns {number} the same amount in cups, rounded to 9 significant digits
 */
function quartsToCups(value) {
  assertFinite(value, 'quartsToCups');
  return round(value * 4);
}

/**
 * Converts quarts to fluidOunces.
 *
 * @param {number} value - an amount in quarts
 * @returns {number} the same amount in fluidOunces, rounded to 9 significant digits
 */
function quartsToFluidOunces(value) {
  assertFinite(value, 'quartsToFluidOunces');
  return round(value * 32.0054108894149);
}

/**
 * Converts quarts to cubicMeters.
 *
 * @param {number} value - an amount in quarts
 * @returns {number} the same amount in cubicMeters, rounded to 9 significant digits
 */
function quartsToCubicMeters(value) {
  assertFinite(value, 'quartsToCubicMeters');
  return round(value / 1056.63567202029);
}

/**
 * Converts pints to liters.
 *
 * @param {number} value - an amount in pints
 * @returns {number} the same amount in liters, rounded to 9 significant digits
 */
function pintsToLiters(value) {
  assertFinite(value, 'pintsToLiters');
  return round(value / 2.11327134404057);
}

/**
 * Converts pints to milliliters.
 *
 * @param {number} value - an amount in pints
 * @returns {number} the same amount in milliliters, rounded to 9 significant digits
 */
function pintsToMilliliters(value) {
  assertFinite(value, 'pintsToMilliliters');
  return round(value * 473.2);
}

/**
 * Converts pints to gallons.
 *
 * @param {number} value - an amount in pints
 * @returns {number} the same amount in gallons, rounded to 9 significant digits
 */
function pintsToGallons(value) {
  assertFinite(value, 'pintsToGallons');
  return round(value / 7.99873203719358);
}

/**
 * Converts pints to quarts.
 *
 * @param {number} value - an amount in pints
 * @returns {number} the same amount in quarts, rounded to 9 significant digits
 */
function pintsToQuarts(value) {
  assertFinite(value, 'pintsToQuarts');
  return round(value / 2);
}

/**
 * Converts pints to cups.
 *
 * @param {number} value - an amount in pints
 * @returns {number} the same amount in cups, rounded to 9 significant digits
 */
function pintsToCups(value) {
  assertFinite(value, 'pintsToCups');
  return round(value * 2);
}

/**
 * Converts pints to fluidOunces.
 *
 * @param {number} value - an amount in pints
 * @returns {number} the same amount in fluidOunces, rounded to 9 significant digits
 */
function pintsToFluidOunces(value) {
  assertFinite(value, 'pintsToFluidOunces');
  return round(value * 16.0027054447075);
}

/**
 * Converts pints to cubicMeters.
 *
 * @param {number} value - an amount in pints
 * @returns {number} the same amount in cubicMeters, rounded to 9 significant digits
 */
function pintsToCubicMeters(value) {
  assertFinite(value, 'pintsToCubicMeters');
  return round(value / 2113.27134404057);
}

/**
 * Converts cups to liters.
 *
 * @param {number} value - an amount in cups
 * @returns {number} the same amount in liters, rounded to 9 significant digits
 */
function cupsToLiters(value) {
  assertFinite(value, 'cupsToLiters');
  return round(value / 4.22654268808115);
}

/**
 * Converts cups to milliliters.
 *
 * @param {number} value - an amount in cups
 * @returns {number} the same amount in milliliters, rounded to 9 significant digits
 */
function cupsToMilliliters(value) {
  assertFinite(value, 'cupsToMilliliters');
  return round(value * 236.6);
}

/**
 * Converts cups to gallons.
 *
 * @param {number} value - an amount in cups
 * @returns {number} the same amount in gallons, rounded to 9 significant digits
 */
function cupsToGallons(value) {
  assertFinite(value, 'cupsToGallons');
  return round(value / 15.9974640743872);
}

/**
 * Converts cups to quarts.
 *
 * @param {number} value - an amount in cups
 * @returns {number} the same amount in quarts, rounded to 9 significant digits
 */
function cupsToQuarts(value) {
  assertFinite(value, 'cupsToQuarts');
  return round(value / 4);
}

/**
 * Converts cups to pints.
 *
 * @param {number} value - an amount in cups
 * @returns {number} the same amount in pints, rounded to 9 significant digits
 */
function cupsToPints(value) {
  assertFinite(value, 'cupsToPints');
  return round(value / 2);
}

/**
 * Converts cups to fluidOunces.
 *
 * @param {number} value - an amount in cups
 * @returns {number} the same amount in fluidOunces, rounded to 9 significant digits
 */
function cupsToFluidOunces(value) {
  assertFinite(value, 'cupsToFluidOunces');
  return round(value * 8.00135272235374);
}

/**
 * Converts cups to cubicMeters.
 *
 * @param {number} value - an amount in cups
 * @returns {number} the same amount in cubicMeters, rounded to 9 significant digits
 */
function cupsToCubicMeters(value) {
  assertFinite(value, 'cupsToCubicMeters');
  return round(value / 4226.54268808115);
}

/**
 * Converts fluidOunces to liters.
 *
 * @param {number} value - an amount in fluidOunces
 * @returns {number} the same amount in liters, rounded to 9 significant digits
 */
function fluidOuncesToLiters(value) {
  assertFinite(value, 'fluidOuncesToLiters');
  return round(value / 33.8180588434224);
}

/**
 * Converts fluidOunces to milliliters.
 *
 * @param {number} value - an amount in fluidOunces
 * @returns {number} the same amount in milliliters, rounded to 9 significant digits
 */
function fluidOuncesToMilliliters(value) {
  assertFinite(value, 'fluidOuncesToMilliliters');
  return round(value * 29.57);
}

/**
 * Converts fluidOunces to gallons.
 *
 * @param {number} value - an amount in fluidOunces
 * @returns {number} the same amount in gallons, rounded to 9 significant digits
 */
function fluidOuncesToGallons(value) {
  assertFinite(value, 'fluidOuncesToGallons');
  return round(value / 128.001352722354);
}

/**
 * Converts fluidOunces to quarts.
 *
 * @param {number} value - an amount in fluidOunces
 * @returns {number} the same amount in quarts, rounded to 9 significant digits
 */
function fluidOuncesToQuarts(value) {
  assertFinite(value, 'fluidOuncesToQuarts');
  return round(value / 32.0054108894149);
}

/**
 * Converts fluidOunces to pints.
 *
 * @param {number} value - an amount in fluidOunces
 * @returns {number} the same amount in pints, rounded to 9 significant digits
 */
function fluidOuncesToPints(value) {
  assertFinite(value, 'fluidOuncesToPints');
  return round(value / 16.0027054447075);
}

/**
 * Converts fluidOunces to cups.
 *
 * @param {number} value - an amount in fluidOunces
 * @returns {number} the same amount in cups, rounded to 9 significant digits
 */
function fluidOuncesToCups(value) {
  assertFinite(value, 'fluidOuncesToCups');
  return round(value / 8.00135272235374);
}

/**
 * Converts fluidOunces to cubicMeters.
 *
 * @param {number} value - an amount in fluidOunces
 * @returns {number} the same amount in cubicMeters, rounded to 9 significant digits
 */
function fluidOuncesToCubicMeters(value) {
  assertFinite(value, 'fluidOuncesToCubicMeters');
  return round(value / 33818.0588434224);
}

/**
 * Converts cubicMeters to liters.
 *
 * @param {number} value - an amount in cubicMeters
 * @returns {number} the same amount in liters, rounded to 9 significant digits
 */
function cubicMetersToLiters(value) {
  assertFinite(value, 'cubicMetersToLiters');
  return round(value * 1000);
}

/**
 * Converts cubicMeters to milliliters.
 *
 * @param {number} value - an amount in cubicMeters
 * @returns {number} the same amount in milliliters, rounded to 9 significant digits
 */
function cubicMetersToMilliliters(value) {
  assertFinite(value, 'cubicMetersToMilliliters');
  return round(value * 1000000);
}

/**
 * Converts cubicMeters to gallons.
 *
 * @param {number} value - an amount in cubicMeters
 * @returns {number} the same amount in gallons, rounded to 9 significant digits
 */
function cubicMetersToGallons(value) {
  assertFinite(value, 'cubicMetersToGallons');
  return round(value * 264.200792602378);
}

/**
 * Converts cubicMeters to quarts.
 *
 * @param {number} value - an amount in cubicMeters
 * @returns {number} the same amount in quarts, rounded to 9 significant digits
 */
function cubicMetersToQuarts(value) {
  assertFinite(value, 'cubicMetersToQuarts');
  return round(value * 1056.63567202029);
}

/**
 * Converts cubicMeters to pints.
 *
 * @param {number} value - an amount in cubicMeters
 * @returns {number} the same amount in pints, rounded to 9 significant digits
 */
function cubicMetersToPints(value) {
  assertFinite(value, 'cubicMetersToPints');
  return round(value * 2113.27134404057);
}

/**
 * Converts cubicMeters to cups.
 *
 * @param {number} value - an amount in cubicMeters
 * @returns {number} the same amount in cups, rounded to 9 significant digits
 */
function cubicMetersToCups(value) {
  assertFinite(value, 'cubicMetersToCups');
  return round(value * 4226.54268808115);
}

/**
 * Converts cubicMeters to fluidOunces.
 *
 * @param {number} value - an amount in cubicMeters
 * @returns {number} the same amount in fluidOunces, rounded to 9 significant digits
 */
function cubicMetersToFluidOunces(value) {
  assertFinite(value, 'cubicMetersToFluidOunces');
  return round(value * 33818.0588434224);
}

// ---- area --------------------------------------------------------------------------------------

/**
 * Converts squareMeters to squareKilometers.
 *
 * @param {number} value - an amount in squareMeters
 * @returns {number} the same amount in squareKilometers, rounded to 9 significant digits
 */
function squareMetersToSquareKilometers(value) {
  assertFinite(value, 'squareMetersToSquareKilometers');
  return round(value / 1000000);
}

/**
 * Converts squareMeters to squareFeet.
 *
 * @param {number} value - an amount in squareMeters
 * @returns {number} the same amount in squareFeet, rounded to 9 significant digits
 */
function squareMetersToSquareFeet(value) {
  assertFinite(value, 'squareMetersToSquareFeet');
  return round(value * 10.7639104167097);
}

/**
 * Converts squareMeters to acres.
 *
 * @param {number} value - an amount in squareMeters
 * @returns {number} the same amount in acres, rounded to 9 significant digits
 */
function squareMetersToAcres(value) {
  assertFinite(value, 'squareMetersToAcres');
  return round(value / 4046.8564224);
}

/**
 * Converts squareMeters to hectares.
 *
 * @param {number} value - an amount in squareMeters
 * @returns {number} the same amount in hectares, rounded to 9 significant digits
 */
function squareMetersToHectares(value) {
  assertFinite(value, 'squareMetersToHectares');
  return round(value / 10000);
}

/**
 * Converts squareMeters to squareMiles.
 *
 * @param {number} value - an amount in squareMeters
 * @returns {number} the same amount in squareMiles, rounded to 9 significant digits
 */
function squareMetersToSquareMiles(value) {
  assertFinite(value, 'squareMetersToSquareMiles');
  return round(value / 2589988.110336);
}

/**
 * Converts squareKilometers to squareMeters.
 *
 * @param {number} value - an amount in squareKilometers
 * @returns {number} the same amount in squareMeters, rounded to 9 significant digits
 */
function squareKilometersToSquareMeters(value) {
  assertFinite(value, 'squareKilometersToSquareMeters');
  return round(value * 1000000);
}

/**
 * Converts squareKilometers to squareFeet.
 *
 * @param {number} value - an amount in squareKilometers
 * @returns {number} the same amount in squareFeet, rounded to 9 significant digits
 */
function squareKilometersToSquareFeet(value) {
  assertFinite(value, 'squareKilometersToSquareFeet');
  return round(value * 10763910.4167097);
}

/**
 * Converts squareKilometers to acres.
 *
 * @param {number} value - an amount in squareKilometers
 * @returns {number} the same amount in acres, rounded to 9 significant digits
 */
function squareKilometersToAcres(value) {
  assertFinite(value, 'squareKilometersToAcres');
  return round(value * 247.105381467165);
}

/**
 * Converts squareKilometers to hectares.
 *
 * @param {number} value - an amount in squareKilometers
 * @returns {number} the same amount in hectares, rounded to 9 significant digits
 */
function squareKilometersToHectares(value) {
  assertFinite(value, 'squareKilometersToHectares');
  return round(value * 100);
}

/**
 * Converts squareKilometers to squareMiles.
 *
 * @param {number} value - an amount in squareKilometers
 * @returns {number} the same amount in squareMiles, rounded to 9 significant digits
 */
function squareKilometersToSquareMiles(value) {
  assertFinite(value, 'squareKilometersToSquareMiles');
  return round(value / 2.589988110336);
}

/**
 * Converts squareFeet to squareMeters.
 *
 * @param {number} value - an amount in squareFeet
 * @returns {number} the same amount in squareMeters, rounded to 9 significant digits
 */
function squareFeetToSquareMeters(value) {
  assertFinite(value, 'squareFeetToSquareMeters');
  return round(value / 10.7639104167097);
}

/**
 * Converts squareFeet to squareKilometers.
 *
 * @param {number} value - an amount in squareFeet
 * @returns {number} the same amount in squareKilometers, rounded to 9 significant digits
 */
function squareFeetToSquareKilometers(value) {
  assertFinite(value, 'squareFeetToSquareKilometers');
  return round(value / 10763910.4167097);
}

/**
 * Converts squareFeet to acres.
 *
 * @param {number} value - an amount in squareFeet
 * @returns {number} the same amount in acres, rounded to 9 significant digits
 */
function squareFeetToAcres(value) {
  assertFinite(value, 'squareFeetToAcres');
  return round(value / 43560);
}

/**
 * Converts squareFeet to hectares.
 *
 * @param {number} value - an amount in squareFeet
 * @returns {number} the same amount in hectares, rounded to 9 significant digits
 */
function squareFeetToHectares(value) {
  assertFinite(value, 'squareFeetToHectares');
  return round(value / 107639.104167097);
}

/**
 * Converts squareFeet to squareMiles.
 *
 * @param {number} value - an amount in squareFeet
 * @returns {number} the same amount in squareMiles, rounded to 9 significant digits
 */
function squareFeetToSquareMiles(value) {
  assertFinite(value, 'squareFeetToSquareMiles');
  return round(value / 27878400);
}

/**
 * Converts acres to squareMeters.
 *
 * @param {number} value - an amount in acres
 * @returns {number} the same amount in squareMeters, rounded to 9 significant digits
 */
function acresToSquareMeters(value) {
  assertFinite(value, 'acresToSquareMeters');
  return round(value * 4046.8564224);
}

/**
 * Converts acres to squareKilometers.
 *
 * @param {number} value - an amount in acres
 * @returns {number} the same amount in squareKilometers, rounded to 9 significant digits
 */
function acresToSquareKilometers(value) {
  assertFinite(value, 'acresToSquareKilometers');
  return round(value / 247.105381467165);
}

/**
 * Converts acres to squareFeet.
 *
 * @param {number} value - an amount in acres
 * @returns {number} the same amount in squareFeet, rounded to 9 significant digits
 */
function acresToSquareFeet(value) {
  assertFinite(value, 'acresToSquareFeet');
  return round(value * 43560);
}

/**
 * Converts acres to hectares.
 *
 * @param {number} value - an amount in acres
 * @returns {number} the same amount in hectares, rounded to 9 significant digits
 */
function acresToHectares(value) {
  assertFinite(value, 'acresToHectares');
  return round(value / 2.47105381467165);
}

/**
 * Converts acres to squareMiles.
 *
 * @param {number} value - an amount in acres
 * @returns {number} the same amount in squareMiles, rounded to 9 significant digits
 */
function acresToSquareMiles(value) {
  assertFinite(value, 'acresToSquareMiles');
  return round(value / 640);
}

/**
 * Converts hectares to squareMeters.
 *
 * @param {number} value - an amount in hectares
 * @returns {number} the same amount in squareMeters, rounded to 9 significant digits
 */
function hectaresToSquareMeters(value) {
  assertFinite(value, 'hectaresToSquareMeters');
  return round(value * 10000);
}

/**
 * Converts hectares to squareKilometers.
 *
 * @param {number} value - an amount in hectares
 * @returns {number} the same amount in squareKilometers, rounded to 9 significant digits
 */
function hectaresToSquareKilometers(value) {
  assertFinite(value, 'hectaresToSquareKilometers');
  return round(value / 100);
}

/**
 * Converts hectares to squareFeet.
 *
 * @param {number} value - an amount in hectares
 * @returns {number} the same amount in squareFeet, rounded to 9 significant digits
 */
function hectaresToSquareFeet(value) {
  assertFinite(value, 'hectaresToSquareFeet');
  return round(value * 107639.104167097);
}

/**
 * Converts hectares to acres.
 *
 * @param {number} value - an amount in hectares
 * @returns {number} the same amount in acres, rounded to 9 significant digits
 */
function hectaresToAcres(value) {
  assertFinite(value, 'hectaresToAcres');
  return round(value * 2.47105381467165);
}

/**
 * Converts hectares to squareMiles.
 *
 * @param {number} value - an amount in hectares
 * @returns {number} the same amount in squareMiles, rounded to 9 significant digits
 */
function hectaresToSquareMiles(value) {
  assertFinite(value, 'hectaresToSquareMiles');
  return round(value / 258.9988110336);
}

/**
 * Converts squareMiles to squareMeters.
 *
 * @param {number} value - an amount in squareMiles
 * @returns {number} the same amount in squareMeters, rounded to 9 significant digits
 */
function squareMilesToSquareMeters(value) {
  assertFinite(value, 'squareMilesToSquareMeters');
  return round(value * 2589988.110336);
}

/**
 * Converts squareMiles to squareKilometers.
 *
 * @param {number} value - an amount in squareMiles
 * @returns {number} the same amount in squareKilometers, rounded to 9 significant digits
 */
function squareMilesToSquareKilometers(value) {
  assertFinite(value, 'squareMilesToSquareKilometers');
  return round(value * 2.589988110336);
}

/**
 * Converts squareMiles to squareFeet.
 *
 * @param {number} value - an amount in squareMiles
 * @returns {number} the same amount in squareFeet, rounded to 9 significant digits
 */
function squareMilesToSquareFeet(value) {
  assertFinite(value, 'squareMilesToSquareFeet');
  return round(value * 27878400);
}

/**
 * Converts squareMiles to acres.
 *
 * @param {number} value - an amount in squareMiles
 * @returns {number} the same amount in acres, rounded to 9 significant digits
 */
function squareMilesToAcres(value) {
  assertFinite(value, 'squareMilesToAcres');
  return round(value * 640);
}

/**
 * Converts squareMiles to hectares.
 *
 * @param {number} value - an amount in squareMiles
 * @returns {number} the same amount in hectares, rounded to 9 significant digits
 */
function squareMilesToHectares(value) {
  assertFinite(value, 'squareMilesToHectares');
  return round(value * 258.9988110336);
}

// ---- by name at run time ---------------------------------------------------------------

const CONVERTERS = {
  'm->km': metersToKilometers,
  'm->cm': metersToCentimeters,
  'm->mm': metersToMillimeters,
  'm->in': metersToInches,
  'm->ft': metersToFeet,
  'm->yd': metersToYards,
  'm->mi': metersToMiles,
  'm->nmi': metersToNauticalMiles,
  'km->m': kilometersToMeters,
  'km->cm': kilometersToCentimeters,
  'km->mm': kilometersToMillimeters,
  'km->in': kilometersToInches,
  'km->ft': kilometersToFeet,
  'km->yd': kilometersToYards,
  'km->mi': kilometersToMiles,
  'km->nmi': kilometersToNauticalMiles,
  'cm->m': centimetersToMeters,
  'cm->km': centimetersToKilometers,
  'cm->mm': centimetersToMillimeters,
  'cm->in': centimetersToInches,
  'cm->ft': centimetersToFeet,
  'cm->yd': centimetersToYards,
  'cm->mi': centimetersToMiles,
  'cm->nmi': centimetersToNauticalMiles,
  'mm->m': millimetersToMeters,
  'mm->km': millimetersToKilometers,
  'mm->cm': millimetersToCentimeters,
  'mm->in': millimetersToInches,
  'mm->ft': millimetersToFeet,
  'mm->yd': millimetersToYards,
  'mm->mi': millimetersToMiles,
  'mm->nmi': millimetersToNauticalMiles,
  'in->m': inchesToMeters,
  'in->km': inchesToKilometers,
  'in->cm': inchesToCentimeters,
  'in->mm': inchesToMillimeters,
  'in->ft': inchesToFeet,
  'in->yd': inchesToYards,
  'in->mi': inchesToMiles,
  'in->nmi': inchesToNauticalMiles,
  'ft->m': feetToMeters,
  'ft->km': feetToKilometers,
  'ft->cm': feetToCentimeters,
  'ft->mm': feetToMillimeters,
  'ft->in': feetToInches,
  'ft->yd': feetToYards,
  'ft->mi': feetToMiles,
  'ft->nmi': feetToNauticalMiles,
  'yd->m': yardsToMeters,
  'yd->km': yardsToKilometers,
  'yd->cm': yardsToCentimeters,
  'yd->mm': yardsToMillimeters,
  'yd->in': yardsToInches,
  'yd->ft': yardsToFeet,
  'yd->mi': yardsToMiles,
  'yd->nmi': yardsToNauticalMiles,
  'mi->m': milesToMeters,
  'mi->km': milesToKilometers,
  'mi->cm': milesToCentimeters,
  'mi->mm': milesToMillimeters,
  'mi->in': milesToInches,
  'mi->ft': milesToFeet,
  'mi->yd': milesToYards,
  'mi->nmi': milesToNauticalMiles,
  'nmi->m': nauticalMilesToMeters,
  'nmi->km': nauticalMilesToKilometers,
  'nmi->cm': nauticalMilesToCentimeters,
  'nmi->mm': nauticalMilesToMillimeters,
  'nmi->in': nauticalMilesToInches,
  'nmi->ft': nauticalMilesToFeet,
  'nmi->yd': nauticalMilesToYards,
  'nmi->mi': nauticalMilesToMiles,
  'kg->g': kilogramsToGrams,
  'kg->mg': kilogramsToMilligrams,
  'kg->lb': kilogramsToPounds,
  'kg->oz': kilogramsToOunces,
  'kg->st': kilogramsToStones,
  'kg->t': kilogramsToTonnes,
  'g->kg': gramsToKilograms,
  'g->mg': gramsToMilligrams,
  'g->lb': gramsToPounds,
  'g->oz': gramsToOunces,
  'g->st': gramsToStones,
  'g->t': gramsToTonnes,
  'mg->kg': milligramsToKilograms,
  'mg->g': milligramsToGrams,
  'mg->lb': milligramsToPounds,
  'mg->oz': milligramsToOunces,
  'mg->st': milligramsToStones,
  'mg->t': milligramsToTonnes,
  'lb->kg': poundsToKilograms,
  'lb->g': poundsToGrams,
  'lb->mg': poundsToMilligrams,
  'lb->oz': poundsToOunces,
  'lb->st': poundsToStones,
  'lb->t': poundsToTonnes,
  'oz->kg': ouncesToKilograms,
  'oz->g': ouncesToGrams,
  'oz->mg': ouncesToMilligrams,
  'oz->lb': ouncesToPounds,
  'oz->st': ouncesToStones,
  'oz->t': ouncesToTonnes,
  'st->kg': stonesToKilograms,
  'st->g': stonesToGrams,
  'st->mg': stonesToMilligrams,
  'st->lb': stonesToPounds,
  'st->oz': stonesToOunces,
  'st->t': stonesToTonnes,
  't->kg': tonnesToKilograms,
  't->g': tonnesToGrams,
  't->mg': tonnesToMilligrams,
  't->lb': tonnesToPounds,
  't->oz': tonnesToOunces,
  't->st': tonnesToStones,
  'l->ml': litersToMilliliters,
  'l->gal': litersToGallons,
  'l->qt': litersToQuarts,
  'l->pt': litersToPints,
  'l->cup': litersToCups,
  'l->floz': litersToFluidOunces,
  'l->m3': litersToCubicMeters,
  'ml->l': millilitersToLiters,
  'ml->gal': millilitersToGallons,
  'ml->qt': millilitersToQuarts,
  'ml->pt': millilitersToPints,
  'ml->cup': millilitersToCups,
  'ml->floz': millilitersToFluidOunces,
  'ml->m3': millilitersToCubicMeters,
  'gal->l': gallonsToLiters,
  'gal->ml': gallonsToMilliliters,
  'gal->qt': gallonsToQuarts,
  'gal->pt': gallonsToPints,
  'gal->cup': gallonsToCups,
  'gal->floz': gallonsToFluidOunces,
  'gal->m3': gallonsToCubicMeters,
  'qt->l': quartsToLiters,
  'qt->ml': quartsToMilliliters,
  'qt->gal': quartsToGallons,
  'qt->pt': quartsToPints,
  'qt->cup': quartsToCups,
  'qt->floz': quartsToFluidOunces,
  'qt->m3': quartsToCubicMeters,
  'pt->l': pintsToLiters,
  'pt->ml': pintsToMilliliters,
  'pt->gal': pintsToGallons,
  'pt->qt': pintsToQuarts,
  'pt->cup': pintsToCups,
  'pt->floz': pintsToFluidOunces,
  'pt->m3': pintsToCubicMeters,
  'cup->l': cupsToLiters,
  'cup->ml': cupsToMilliliters,
  'cup->gal': cupsToGallons,
  'cup->qt': cupsToQuarts,
  'cup->pt': cupsToPints,
  'cup->floz': cupsToFluidOunces,
  'cup->m3': cupsToCubicMeters,
  'floz->l': fluidOuncesToLiters,
  'floz->ml': fluidOuncesToMilliliters,
  'floz->gal': fluidOuncesToGallons,
  'floz->qt': fluidOuncesToQuarts,
  'floz->pt': fluidOuncesToPints,
  'floz->cup': fluidOuncesToCups,
  'floz->m3': fluidOuncesToCubicMeters,
  'm3->l': cubicMetersToLiters,
  'm3->ml': cubicMetersToMilliliters,
  'm3->gal': cubicMetersToGallons,
  'm3->qt': cubicMetersToQuarts,
  'm3->pt': cubicMetersToPints,
  'm3->cup': cubicMetersToCups,
  'm3->floz': cubicMetersToFluidOunces,
  'm2->km2': squareMetersToSquareKilometers,
  'm2->ft2': squareMetersToSquareFeet,
  'm2->ac': squareMetersToAcres,
  'm2->ha': squareMetersToHectares,
  'm2->mi2': squareMetersToSquareMiles,
  'km2->m2': squareKilometersToSquareMeters,
  'km2->ft2': squareKilometersToSquareFeet,
  'km2->ac': squareKilometersToAcres,
  'km2->ha': squareKilometersToHectares,
  'km2->mi2': squareKilometersToSquareMiles,
  'ft2->m2': squareFeetToSquareMeters,
  'ft2->km2': squareFeetToSquareKilometers,
  'ft2->ac': squareFeetToAcres,
  'ft2->ha': squareFeetToHectares,
  'ft2->mi2': squareFeetToSquareMiles,
  'ac->m2': acresToSquareMeters,
  'ac->km2': acresToSquareKilometers,
  'ac->ft2': acresToSquareFeet,
  'ac->ha': acresToHectares,
  'ac->mi2': acresToSquareMiles,
  'ha->m2': hectaresToSquareMeters,
  'ha->km2': hectaresToSquareKilometers,
  'ha->ft2': hectaresToSquareFeet,
  'ha->ac': hectaresToAcres,
  'ha->mi2': hectaresToSquareMiles,
  'mi2->m2': squareMilesToSquareMeters,
  'mi2->km2': squareMilesToSquareKilometers,
  'mi2->ft2': squareMilesToSquareFeet,
  'mi2->ac': squareMilesToAcres,
  'mi2->ha': squareMilesToHectares,
};

/** convert(3, 'ft', 'm'): any pair of units of the same kind. */
function convert(value, from, to) {
  if (from === to) return value;
  const fn = CONVERTERS[`${from}->${to}`];
  if (!fn) throw new RangeError(`cannot convert ${from} to ${to}`);
  return fn(value);
}

/** The units convert() knows, by kind. */
function units() {
  return {
    length: ['m', 'km', 'cm', 'mm', 'in', 'ft', 'yd', 'mi', 'nmi'],
    mass: ['kg', 'g', 'mg', 'lb', 'oz', 'st', 't'],
    volume: ['l', 'ml', 'gal', 'qt', 'pt', 'cup', 'floz', 'm3'],
    area: ['m2', 'km2', 'ft2', 'ac', 'ha', 'mi2'],
  };
}

module.exports = {
  convert,
  units,
  metersToKilometers,
  metersToCentimeters,
  metersToMillimeters,
  metersToInches,
  metersToFeet,
  metersToYards,
  metersToMiles,
  metersToNauticalMiles,
  kilometersToMeters,
  kilometersToCentimeters,
  kilometersToMillimeters,
  kilometersToInches,
  kilometersToFeet,
  kilometersToYards,
  kilometersToMiles,
  kilometersToNauticalMiles,
  centimetersToMeters,
  centimetersToKilometers,
  centimetersToMillimeters,
  centimetersToInches,
  centimetersToFeet,
  centimetersToYards,
  centimetersToMiles,
  centimetersToNauticalMiles,
  millimetersToMeters,
  millimetersToKilometers,
  millimetersToCentimeters,
  millimetersToInches,
  millimetersToFeet,
  millimetersToYards,
  millimetersToMiles,
  millimetersToNauticalMiles,
  inchesToMeters,
  inchesToKilometers,
  inchesToCentimeters,
  inchesToMillimeters,
  inchesToFeet,
  inchesToYards,
  inchesToMiles,
  inchesToNauticalMiles,
  feetToMeters,
  feetToKilometers,
  feetToCentimeters,
  feetToMillimeters,
  feetToInches,
  feetToYards,
  feetToMiles,
  feetToNauticalMiles,
  yardsToMeters,
  yardsToKilometers,
  yardsToCentimeters,
  yardsToMillimeters,
  yardsToInches,
  yardsToFeet,
  yardsToMiles,
  yardsToNauticalMiles,
  milesToMeters,
  milesToKilometers,
  milesToCentimeters,
  milesToMillimeters,
  milesToInches,
  milesToFeet,
  milesToYards,
  milesToNauticalMiles,
  nauticalMilesToMeters,
  nauticalMilesToKilometers,
  nauticalMilesToCentimeters,
  nauticalMilesToMillimeters,
  nauticalMilesToInches,
  nauticalMilesToFeet,
  nauticalMilesToYards,
  nauticalMilesToMiles,
  kilogramsToGrams,
  kilogramsToMilligrams,
  kilogramsToPounds,
  kilogramsToOunces,
  kilogramsToStones,
  kilogramsToTonnes,
  gramsToKilograms,
  gramsToMilligrams,
  gramsToPounds,
  gramsToOunces,
  gramsToStones,
  gramsToTonnes,
  milligramsToKilograms,
  milligramsToGrams,
  milligramsToPounds,
  milligramsToOunces,
  milligramsToStones,
  milligramsToTonnes,
  poundsToKilograms,
  poundsToGrams,
  poundsToMilligrams,
  poundsToOunces,
  poundsToStones,
  poundsToTonnes,
  ouncesToKilograms,
  ouncesToGrams,
  ouncesToMilligrams,
  ouncesToPounds,
  ouncesToStones,
  ouncesToTonnes,
  stonesToKilograms,
  stonesToGrams,
  stonesToMilligrams,
  stonesToPounds,
  stonesToOunces,
  stonesToTonnes,
  tonnesToKilograms,
  tonnesToGrams,
  tonnesToMilligrams,
  tonnesToPounds,
  tonnesToOunces,
  tonnesToStones,
  litersToMilliliters,
  litersToGallons,
  litersToQuarts,
  litersToPints,
  litersToCups,
  litersToFluidOunces,
  litersToCubicMeters,
  millilitersToLiters,
  millilitersToGallons,
  millilitersToQuarts,
  millilitersToPints,
  millilitersToCups,
  millilitersToFluidOunces,
  millilitersToCubicMeters,
  gallonsToLiters,
  gallonsToMilliliters,
  gallonsToQuarts,
  gallonsToPints,
  gallonsToCups,
  gallonsToFluidOunces,
  gallonsToCubicMeters,
  quartsToLiters,
  quartsToMilliliters,
  quartsToGallons,
  quartsToPints,
  quartsToCups,
  quartsToFluidOunces,
  quartsToCubicMeters,
  pintsToLiters,
  pintsToMilliliters,
  pintsToGallons,
  pintsToQuarts,
  pintsToCups,
  pintsToFluidOunces,
  pintsToCubicMeters,
  cupsToLiters,
  cupsToMilliliters,
  cupsToGallons,
  cupsToQuarts,
  cupsToPints,
  cupsToFluidOunces,
  cupsToCubicMeters,
  fluidOuncesToLiters,
  fluidOuncesToMilliliters,
  fluidOuncesToGallons,
  fluidOuncesToQuarts,
  fluidOuncesToPints,
  fluidOuncesToCups,
  fluidOuncesToCubicMeters,
  cubicMetersToLiters,
  cubicMetersToMilliliters,
  cubicMetersToGallons,
  cubicMetersToQuarts,
  cubicMetersToPints,
  cubicMetersToCups,
  cubicMetersToFluidOunces,
  squareMetersToSquareKilometers,
  squareMetersToSquareFeet,
  squareMetersToAcres,
  squareMetersToHectares,
  squareMetersToSquareMiles,
  squareKilometersToSquareMeters,
  squareKilometersToSquareFeet,
  squareKilometersToAcres,
  squareKilometersToHectares,
  squareKilometersToSquareMiles,
  squareFeetToSquareMeters,
  squareFeetToSquareKilometers,
  squareFeetToAcres,
  squareFeetToHectares,
  squareFeetToSquareMiles,
  acresToSquareMeters,
  acresToSquareKilometers,
  acresToSquareFeet,
  acresToHectares,
  acresToSquareMiles,
  hectaresToSquareMeters,
  hectaresToSquareKilometers,
  hectaresToSquareFeet,
  hectaresToAcres,
  hectaresToSquareMiles,
  squareMilesToSquareMeters,
  squareMilesToSquareKilometers,
  squareMilesToSquareFeet,
  squareMilesToAcres,
  squareMilesToHectares,
};
