/**
 * A metric's unit type and units, as the hosted service defines them: `number` (the default) with
 * an optional free label as its units, or `currency` with a currency code as its units (one the
 * runtime knows, such as USD; kept in capitals). What is wrong with them is an issue of the item.
 */
import type { MetricDef, UnitType } from '../control/types.js';

const UNIT_TYPES: readonly UnitType[] = ['number', 'currency'];

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

export interface Units {
  unitType: UnitType;
  units: string;
}

/** A new metric's, unless it is given others, and those of a metric saved before metrics had units. */
export const NO_UNITS: Readonly<Units> = { unitType: 'number', units: '' };

/** The unit type and units a metric has (those of a metric saved before they existed: `number`, ""). */
export function unitsOf(metric: MetricDef): Units {
  return { unitType: metric.unitType ?? NO_UNITS.unitType, units: metric.units ?? NO_UNITS.units };
}

/**
 * The unit type and units after `change` over `current` (absent: unchanged), or the
 * message of the issue that refuses them: an unknown unit type, or currency units that are no
 * currency code.
 */
export function changeUnits(
  current: Units,
  change: { unitType?: string; units?: string },
): Units | { problem: string } {
  const unitType = change.unitType ?? current.unitType;
  if (!isUnitType(unitType))
    return { problem: `unitType must be "number" or "currency", got ${JSON.stringify(unitType)}` };
  const units = (change.units ?? current.units).trim();
  if (unitType === 'number') return { unitType, units };
  const code = units.toUpperCase();
  if (!CURRENCIES.has(code))
    return { problem: `units of a currency metric must be a currency code such as USD, got ${JSON.stringify(units)}` };
  return { unitType, units: code };
}

function isUnitType(value: string): value is UnitType {
  return (UNIT_TYPES as readonly string[]).includes(value);
}
