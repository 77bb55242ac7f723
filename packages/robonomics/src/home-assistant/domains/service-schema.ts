import { type Attributes, listedIn, type Range } from './attributes.ts';

/**
 * How a domain module declares its services: for each service, the feature bits HA requires of
 * the entity and the parameters it takes, each with its kind and bounds. The page's check before
 * sending (check-command.ts) and the devnet's Home Assistant both read these declarations; the
 * page words its refusals with the labels here, the devnet with Home Assistant's own texts.
 */

interface ParamBase {
  /** The parameter in the user's words, as the page's refusals name it. */
  label: string;
  /** HA refuses the call without it. */
  required?: boolean;
}

/** Something an entity must have for a parameter to mean anything (colours for a colour). */
export interface Ability {
  has: (attributes: Attributes) => boolean;
  /** The page's refusal when the entity lacks it. */
  missing: string;
}

/** A number. */
export interface NumberParam extends ParamBase {
  kind: 'number';
  /** HA's schema coerces it to a whole number (the fraction is dropped). */
  whole?: boolean;
  /** The bounds of HA's schema, refused before the entity is asked. */
  bounds?: { min: number; max: number };
  /**
   * The range the page holds the value to: the entity's own (read from its attributes, with
   * HA's defaults) or, when narrower than the bounds, what HA's own controls offer. Without it,
   * the bounds in whole steps.
   */
  range?: Range | ((attributes: Attributes) => Range);
  /** Whether the page holds the value to the range's steps as well (default true). */
  onStep?: boolean;
  /** The unit the page's refusals give: "°", "%", "K", "s". */
  unit?: string;
  needs?: Ability;
}

/** One of a fixed list (HA's schema checks it). */
export interface ChoiceParam extends ParamBase {
  kind: 'choice';
  options: readonly string[];
}

/** One of the options the entity lists in an attribute (the entity checks it). */
export interface OptionParam extends ParamBase {
  kind: 'option';
  options: (attributes: Attributes) => string[];
}

/** The length and pattern an entity allows for a text. */
export interface TextLimits {
  min: number;
  max: number;
  /** A regular expression the whole text must match. */
  pattern?: string;
}

/** Text, within the entity's limits when it has them. */
export interface TextParam extends ParamBase {
  kind: 'text';
  limits?: (attributes: Attributes) => TextLimits;
}

/** On or off; sent as 1 or 0 (docs/home-assistant.md, "Services by domain"). */
export interface BooleanParam extends ParamBase {
  kind: 'boolean';
}

/** A colour: three whole numbers from 0 to 255 (rgb), or a hue 0–360 and saturation 0–100 (hs). */
export interface ColourParam extends ParamBase {
  kind: 'rgb' | 'hs';
  needs?: Ability;
}

/** Anything HA passes on as it is (a script's variables). */
export interface ObjectParam extends ParamBase {
  kind: 'object';
}

export type Param =
  | NumberParam
  | ChoiceParam
  | OptionParam
  | TextParam
  | BooleanParam
  | ColourParam
  | ObjectParam;

export type Params = Readonly<Record<string, Param>>;

export interface ServiceSchema<P extends Params = Params> {
  /** Feature bits of which the entity needs at least one, or HA refuses the action. */
  feature?: number;
  params: P;
}

export interface DomainSchema {
  /** The domain's name, as in entity ids: "light". */
  name: string;
  /** HA's feature bits of the domain, as `supported_features` numbers them. */
  features: Readonly<Record<string, number>>;
  /** The features an entity without `supported_features` has. */
  featuresWhenMissing?: number;
  services: Readonly<Record<string, ServiceSchema>>;
  /**
   * The domain a helper domain behaves like (input_boolean like switch): the same services, and
   * shown as that domain is. Undefined for a domain of its own.
   */
  sameAs?: string;
}

/** A domain's declaration, with its literal types kept for the handlers that read it. */
export function defineDomain<const D extends DomainSchema>(domain: D): D {
  return domain;
}

/**
 * A helper domain of Home Assistant (input_boolean, input_number, …): it takes exactly the
 * services of `base` and is shown as `base` is, under its own name.
 */
export function helperDomain<const D extends DomainSchema, const N extends string>(
  base: D,
  name: N,
): Omit<D, 'name'> & { name: N; sameAs: D['name'] } {
  return { ...base, name, sameAs: base.name };
}

/** The value a parameter has once HA's schema accepted it. */
export type ValueOf<P extends Param> = P extends NumberParam
  ? number
  : P extends BooleanParam
    ? boolean
    : P['kind'] extends 'rgb'
      ? [number, number, number]
      : P['kind'] extends 'hs'
        ? [number, number]
        : P extends ObjectParam
          ? unknown
          : string;

/** A service's accepted data: required parameters always there, the others when given. */
export type Values<P extends Params> = {
  -readonly [K in keyof P as P[K] extends { required: true } ? K : never]: ValueOf<P[K]>;
} & {
  -readonly [K in keyof P as P[K] extends { required: true } ? never : K]?: ValueOf<P[K]>;
};

/** Services without parameters. */
export const NO_PARAMS = { params: {} } as const satisfies ServiceSchema;

/** turn_on, turn_off and toggle without parameters. */
export const ON_OFF_SERVICES = {
  turn_on: NO_PARAMS,
  turn_off: NO_PARAMS,
  toggle: NO_PARAMS,
} as const satisfies Record<string, ServiceSchema>;

/** The parameter, required. */
export function required<const P extends Param>(param: P): P & { required: true } {
  return { ...param, required: true };
}

/** An option among the list the entity gives in the attribute `key`. */
export function optionIn(label: string, key: string): OptionParam {
  return { kind: 'option', label, options: listedIn(key) };
}

/** A whole number within HA's bounds `min`..`max`. */
export function wholeNumber(
  label: string,
  min: number,
  max: number,
  more: Omit<NumberParam, 'kind' | 'label' | 'whole' | 'bounds'> = {},
): NumberParam {
  return { kind: 'number', label, whole: true, bounds: { min, max }, ...more };
}
