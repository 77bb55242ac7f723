import { baseDomainOf } from '@robonomics-dapp/robonomics/home-assistant/domains/all-domains';
import {
  textAttribute,
  textOptions,
} from '@robonomics-dapp/robonomics/home-assistant/domains/attributes';
import { attributeNumber } from '@robonomics-dapp/robonomics/home-assistant/states';
import { useId, useState } from 'react';
import { ChoiceSelect, type ControlProps, offers } from './common.tsx';

/** select / input_select: the options, chosen at once. */
export function SelectControls(props: ControlProps) {
  if (!offers(props, 'select_option')) return null;
  return (
    <ChoiceSelect
      props={props}
      label="Option"
      value={props.entity.state}
      options={textOptions(props.entity.attributes.options)}
      onChoose={(option) => props.send('select_option', { option })}
    />
  );
}

/** number / input_number and text / input_text: a field and Set, sending set_value. */
export function ValueControls(props: ControlProps) {
  const { entity, send, disabled } = props;
  const a = entity.attributes;
  const id = useId();
  const [value, setValue] = useState('');
  const numeric = baseDomainOf(entity.domain) === 'number';
  if (!offers(props, 'set_value')) return null;
  const password = textAttribute(a.mode) === 'password';
  const min = attributeNumber(a.min);
  const max = attributeNumber(a.max);
  return (
    <form
      className="row"
      onSubmit={(e) => {
        e.preventDefault();
        if (value === '' && numeric) return;
        send('set_value', { value: numeric ? Number(value) : value });
        setValue('');
      }}
    >
      <input
        id={id}
        aria-label={`${entity.name}: value`}
        className="input"
        type={numeric ? 'number' : password ? 'password' : 'text'}
        autoComplete="off"
        min={numeric ? min : undefined}
        max={numeric ? max : undefined}
        step={numeric ? (attributeNumber(a.step) ?? 'any') : undefined}
        placeholder={password ? '' : entity.state}
        value={value}
        disabled={disabled}
        onChange={(e) => setValue(e.target.value)}
      />
      <button type="submit" className="button" disabled={disabled || (numeric && value === '')}>
        Set
      </button>
    </form>
  );
}
