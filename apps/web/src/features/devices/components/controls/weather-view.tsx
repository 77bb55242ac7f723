import { textAttribute } from '@robonomics-dapp/robonomics/home-assistant/domains/attributes';
import { attributeNumber } from '@robonomics-dapp/robonomics/home-assistant/states';
import type { ControlProps } from './common.tsx';
import { Fact } from './common.tsx';

const fmt = (n: number) => String(Number(n.toFixed(1)));

/** Weather is read only: temperature, feels like, humidity and wind, with the entity's units. */
export function WeatherView({ entity }: Pick<ControlProps, 'entity'>) {
  const a = entity.attributes;
  const tUnit = textAttribute(a.temperature_unit) ?? '°C';
  const wUnit = textAttribute(a.wind_speed_unit) ?? 'km/h';
  const rows: [string, number | undefined, string][] = [
    ['Temperature', attributeNumber(a.temperature), tUnit],
    ['Feels like', attributeNumber(a.apparent_temperature), tUnit],
    ['Humidity', attributeNumber(a.humidity), '%'],
    ['Wind', attributeNumber(a.wind_speed), wUnit],
  ];
  const shown = rows.filter(([, value]) => value !== undefined);
  if (shown.length === 0) return null;
  return (
    <dl className="facts small">
      {shown.map(([label, value, unit]) => (
        <Fact key={label} label={label}>{`${fmt(value!)} ${unit}`}</Fact>
      ))}
    </dl>
  );
}
