import { attributeList } from '@robonomics-dapp/robonomics/home-assistant/states';

const PLAIN = /^[A-Za-z0-9_][A-Za-z0-9_ .:/+-]*$/;

function yamlScalar(value: unknown): string {
  if (value === null || value === undefined || value === 'None') return 'null';
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  const text = String(value);
  const reserved = /^(true|false|null|yes|no|on|off|~|[-+]?\d[\d.eE+-]*)$/i.test(text);
  if (PLAIN.test(text) && !reserved && !text.endsWith(' ') && !text.includes(': ')) return text;
  return JSON.stringify(text);
}

/**
 * An automation's attributes as YAML (what the card's YAML view shows): lists written by HA as
 * Python text become YAML lists; nested objects are indented.
 */
export function toYaml(value: Record<string, unknown>, indent = 0): string {
  const pad = ' '.repeat(indent);
  const lines: string[] = [];
  for (const [key, raw] of Object.entries(value)) {
    const k = PLAIN.test(key) ? key : JSON.stringify(key);
    const list = typeof raw === 'string' && raw.startsWith('[') ? attributeList(raw) : undefined;
    const item = list ?? raw;
    if (Array.isArray(item)) {
      if (item.length === 0) lines.push(`${pad}${k}: []`);
      else {
        lines.push(`${pad}${k}:`);
        for (const element of item) lines.push(`${pad}  - ${yamlScalar(element)}`);
      }
    } else if (item && typeof item === 'object') {
      lines.push(`${pad}${k}:`);
      lines.push(toYaml(item as Record<string, unknown>, indent + 2));
    } else {
      lines.push(`${pad}${k}: ${yamlScalar(item)}`);
    }
  }
  return lines.join('\n');
}
