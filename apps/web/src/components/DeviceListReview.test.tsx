import {
  BOB_ED25519 as BOB,
  ALICE as OWNER,
} from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DeviceListReview } from './DeviceListReview.tsx';

const EVE = '4HQ8vFEDNkVvwoq6C5qFi1hdU8bbLXTh3HGJ5jBC6YBsfRQY';

describe('the device list shown before a signature', () => {
  it('names every account in full with its label and what changes, and takes the focus', () => {
    const onSign = vi.fn();
    const onCancel = vi.fn();
    render(
      <DeviceListReview
        before={[OWNER, EVE]}
        after={[OWNER, BOB]}
        nameOf={(a) => (a === OWNER ? 'the owner of the subscription' : a === BOB ? 'Bob' : null)}
        onSign={onSign}
        onCancel={onCancel}
      />,
    );
    const review = screen.getByTestId('device-list-review');
    expect(document.activeElement).toBe(review);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `Stays ${OWNER} the owner of the subscription`,
      `Added ${BOB} Bob`,
      `Removed ${EVE} no label in this browser`,
    ]);
    expect(review.textContent).toContain('2 accounts after it');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Sign the new list' }));
    expect(onSign).toHaveBeenCalledOnce();
  });
});
