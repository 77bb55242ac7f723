import { type Attributes, rangeOf, textAttribute } from './attributes.ts';
import {
  defineDomain,
  helperDomain,
  type ServiceSchema,
  type TextLimits,
} from './service-schema.ts';

/** A text entity's length when it does not give its own (HA's longest state). */
export const TEXT_LENGTH = { min: 0, max: 255 } as const;

/** The length (`min`..`max` characters) and `pattern` a text entity allows. */
export function textLimits(attributes: Attributes): TextLimits {
  const { min, max } = rangeOf(attributes, { min: 'min', max: 'max' }, { ...TEXT_LENGTH, step: 1 });
  const pattern = textAttribute(attributes.pattern);
  return pattern ? { min, max, pattern } : { min, max };
}

const SET_VALUE = {
  params: { value: { kind: 'text', label: 'Text', limits: textLimits, required: true } },
} as const satisfies ServiceSchema;

/**
 * Text entities: set_value with a text of `min`..`max` characters that matches `pattern` as a
 * whole (`mode` "password" hides the value). input_text takes the same.
 */
export const TEXT = defineDomain({
  name: 'text',
  features: {},
  services: { set_value: SET_VALUE },
});

/** input_text helpers: a text. */
export const INPUT_TEXT = helperDomain(TEXT, 'input_text');
