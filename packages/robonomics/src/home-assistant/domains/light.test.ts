import { describe, expect, it } from 'vitest';
import { brightnessOfPct, brightnessPct, lightAbilities, rgbOf } from './light.ts';

describe('lights', () => {
  it('knows what a light can do from its colour modes and features', () => {
    expect(
      lightAbilities({
        supported_color_modes: "['color_temp', 'hs']",
        supported_features: 44,
        effect_list: "['blink', 'okay']",
      }),
    ).toEqual({
      brightness: true,
      colorTemp: true,
      color: true,
      effects: ['blink', 'okay'],
      transition: true,
    });
    expect(lightAbilities({})).toEqual({
      brightness: false,
      colorTemp: false,
      color: false,
      effects: [],
      transition: false,
    });
    // Effects need the EFFECT bit as well as a list.
    expect(lightAbilities({ effect_list: "['blink']", supported_features: 32 }).effects).toEqual(
      [],
    );
    expect(rgbOf('(255, 167, 89)')).toEqual([255, 167, 89]);
    expect(rgbOf('(300, 1, 1)')).toBeUndefined();
    expect(rgbOf('None')).toBeUndefined();
  });

  it('converts brightness and percentages as HA rounds them', () => {
    expect(brightnessPct(128)).toBe(50);
    expect(brightnessOfPct(50)).toBe(128);
    expect(brightnessOfPct(80)).toBe(204);
    expect(brightnessPct(255)).toBe(100);
  });
});
