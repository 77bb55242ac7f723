import type { RobonomicsClient } from '@robonomics-dapp/robonomics/chain/model/client-type';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useChain } from '../stores/chain-store.ts';
import { openLiveCount, readLive, watchLive } from './live-chain.ts';
import { useChainSubscription, useLiveValue } from './use-chain-subscription.ts';

/** A subscription source that counts how often it is opened and closed, and can emit. */
function source<T, C extends object = RobonomicsClient>() {
  const sets: ((value: T) => void)[] = [];
  const closed = vi.fn(async () => {});
  const subscribe = vi.fn(async (_client: C, set: (value: T) => void) => {
    sets.push(set);
    return closed;
  });
  const emit = (value: T) => {
    for (const set of sets) set(value);
  };
  return { subscribe, closed, emit };
}

const newClient = () => ({}) as RobonomicsClient;
const flush = () => act(async () => {});

afterEach(() => useChain.setState({ client: null }));

describe('the shared live chain values', () => {
  it('opens one subscription for two readers and gives both every value', async () => {
    const client = newClient();
    const { subscribe, emit } = source<number>();
    const a = vi.fn();
    const b = vi.fn();
    const stopA = watchLive(client, 'ledger:x', subscribe, a);
    const stopB = watchLive(client, 'ledger:x', subscribe, b);
    await flush();
    expect(subscribe).toHaveBeenCalledTimes(1);
    emit(7);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
    expect(readLive(client, 'ledger:x')).toEqual({ value: 7, error: null });
    stopA();
    stopB();
  });

  it('closes the subscription when the last reader leaves, and only then', async () => {
    const client = newClient();
    const { subscribe, closed } = source<number>();
    const stopA = watchLive(client, 'k', subscribe, () => {});
    const stopB = watchLive(client, 'k', subscribe, () => {});
    await flush();
    stopA();
    await flush();
    expect(closed).not.toHaveBeenCalled();
    expect(openLiveCount(client)).toBe(1);
    stopB();
    await flush();
    expect(closed).toHaveBeenCalledTimes(1);
    expect(openLiveCount(client)).toBe(0);
    // A later reader opens it again.
    const stopC = watchLive(client, 'k', subscribe, () => {});
    await flush();
    expect(subscribe).toHaveBeenCalledTimes(2);
    stopC();
  });

  it('keeps different keys and different clients apart', async () => {
    const first = newClient();
    const second = newClient();
    const { subscribe } = source<number>();
    const stops = [
      watchLive(first, 'a', subscribe, () => {}),
      watchLive(first, 'b', subscribe, () => {}),
      watchLive(second, 'a', subscribe, () => {}),
    ];
    await flush();
    expect(subscribe).toHaveBeenCalledTimes(3);
    for (const stop of stops) stop();
  });

  it('reports a subscription that could not open as an error', async () => {
    const client = newClient();
    const onChange = vi.fn();
    const stop = watchLive(
      client,
      'k',
      async () => {
        throw new Error('RPC refused');
      },
      onChange,
    );
    await flush();
    expect(onChange).toHaveBeenCalled();
    expect(readLive(client, 'k')).toEqual({ value: undefined, error: 'RPC refused' });
    stop();
  });

  it('gives two components one RPC subscription and closes it when both unmount', async () => {
    useChain.setState({ client: newClient() });
    const { subscribe, closed, emit } = source<string>();
    function Reader({ name }: { name: string }) {
      const { value } = useChainSubscription<string>('devices:x', subscribe);
      return <p>{`${name}: ${value ?? 'loading'}`}</p>;
    }
    const view = render(
      <>
        <Reader name="first" />
        <Reader name="second" />
      </>,
    );
    await flush();
    expect(subscribe).toHaveBeenCalledTimes(1);
    act(() => emit('two devices'));
    expect(screen.getByText('first: two devices')).toBeTruthy();
    expect(screen.getByText('second: two devices')).toBeTruthy();
    view.unmount();
    await flush();
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('shares any connection object the same way (useLiveValue), and reads nothing without one', async () => {
    const connection = { name: 'crust' };
    const { subscribe, closed, emit } = source<string, object>();
    function Reader({ name, on }: { name: string; on: object | null }) {
      const { value } = useLiveValue<string, object>(on, 'crust-file:Qm', subscribe);
      return <p>{`${name}: ${value ?? 'loading'}`}</p>;
    }
    const view = render(
      <>
        <Reader name="panel" on={connection} />
        <Reader name="list" on={connection} />
        <Reader name="none" on={null} />
      </>,
    );
    await flush();
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(openLiveCount(connection)).toBe(1);
    act(() => emit('2 replicas'));
    expect(screen.getByText('panel: 2 replicas')).toBeTruthy();
    expect(screen.getByText('list: 2 replicas')).toBeTruthy();
    expect(screen.getByText('none: loading')).toBeTruthy();
    view.unmount();
    await flush();
    expect(closed).toHaveBeenCalledTimes(1);
    expect(openLiveCount(connection)).toBe(0);
  });
});
