import { z } from 'zod';

/**
 * Upper bounds of the numbers people and files send (decision 042). Each is far above anything a
 * company records, and low enough that no sum of them can overflow a double: a billion lines of
 * the largest quantity times the largest emission factor stays below 1e30, against a ceiling of
 * 1.8e308. Without bounds, one line of 1e308 made every total Infinity, which JSON writes as null.
 */
/** A quantity in its own unit (kWh, litres, km, kg…): a trillion. */
export const MAX_QUANTITY = 1e12;
/** An amount of money in its currency: ten trillion (above the largest company's revenue in yen). */
export const MAX_AMOUNT = 1e13;
/** A count of people, hours or credits: a billion. */
export const MAX_COUNT = 1e9;

const tooLarge = (label: string, max: number) => `${label} must be at most ${max.toLocaleString('en-GB')}`;
/**
 * The smallest amount or measure above zero: revenue and headcount divide the intensities, and a
 * divisor such as 1e-300 would make them Infinity. A thousandth is below any currency's minor unit.
 */
export const MIN_NON_ZERO = 0.001;
const zeroOrAtLeast = (value: number) => value === 0 || value >= MIN_NON_ZERO;
const tooSmall = (label: string) => `${label} must be 0 or at least ${MIN_NON_ZERO}`;

/** A non-negative quantity of a unit, at most MAX_QUANTITY. */
export const quantity = (label: string) =>
  z
    .number({ error: 'Enter a number' })
    .nonnegative(`${label} cannot be negative`)
    .max(MAX_QUANTITY, tooLarge(label, MAX_QUANTITY));

/** A non-negative amount of money, at most MAX_AMOUNT. */
export const amount = (label: string) =>
  z
    .number({ error: 'Enter a number' })
    .nonnegative(`${label} cannot be negative`)
    .max(MAX_AMOUNT, tooLarge(label, MAX_AMOUNT))
    .refine(zeroOrAtLeast, tooSmall(label));

/** A whole number from 0 to MAX_COUNT. */
export const count = (label: string) =>
  z
    .number({ error: 'Enter a whole number' })
    .int('Enter a whole number')
    .nonnegative('Cannot be negative')
    .max(MAX_COUNT, tooLarge(label, MAX_COUNT));

/** A non-negative number of hours or people that may have a fraction (FTE, training hours). */
export const measure = (label: string) =>
  z
    .number({ error: 'Enter a number' })
    .nonnegative('Cannot be negative')
    .max(MAX_COUNT, tooLarge(label, MAX_COUNT))
    .refine(zeroOrAtLeast, tooSmall(label));
