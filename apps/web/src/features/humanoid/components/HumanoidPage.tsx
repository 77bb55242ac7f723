import { fetchPaymentInfo } from '@robonomics-dapp/robonomics/chain/tx/payment-info';
import { robotPaymentTx } from '@robonomics-dapp/robonomics/chain/tx/robot-payment';
import {
  ROBOT_COMMANDS,
  ROBOT_PRICE,
  type RobotCommandId,
} from '@robonomics-dapp/robonomics/robot/commands';
import { useId, useState } from 'react';
import { Amount } from '../../../components/Amount.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { TxButton } from '../../../components/TxButton.tsx';
import { useTx } from '../../../components/use-tx.ts';
import { WalletPanel } from '../../../components/WalletPanel.tsx';
import { originOf, readyClient, sendAction } from '../../../lib/actions/send-action.ts';
import { useBalance } from '../../../lib/chain/use-balance.ts';
import { useFee } from '../../../lib/chain/use-fee.ts';
import { useChain } from '../../../lib/stores/chain-store.ts';
import { useWallet } from '../../../lib/wallet/wallet-store.ts';
import { robotPaymentRefusal } from '../robot-payment.ts';

export function HumanoidPage() {
  const client = useChain((s) => s.client);
  const address = useWallet((s) => s.address);
  const [command, setCommand] = useState<RobotCommandId>('wave');
  const decimals = useChain((s) => s.decimals);
  const symbol = useChain((s) => s.tokenSymbol);
  const fee = useFee(address, (c) => robotPaymentTx(c, command), command);
  const balance = useBalance(address);
  const tx = useTx('The payment was cancelled.');
  const id = useId();
  const refusalFor = (paymentFee: bigint) =>
    client && balance
      ? robotPaymentRefusal(
          balance,
          client.consts.balances.existentialDeposit,
          ROBOT_PRICE,
          paymentFee,
          decimals,
          symbol,
        )
      : null;
  // Told before the wallet is asked: a payment the balance cannot cover would only cost a fee.
  const refusal = fee !== null && !tx.busy ? refusalFor(fee) : null;

  const onPay = () =>
    tx.run(async (signed) => {
      const ready = readyClient();
      const origin = originOf('wallet');
      const payment = robotPaymentTx(ready, command);
      const why = refusalFor(
        fee ??
          (
            await fetchPaymentInfo(
              payment,
              typeof origin.from === 'string' ? origin.from : origin.from.address,
            )
          ).fee,
      );
      if (why) throw new Error(why);
      const result = await sendAction({
        call: () => payment,
        onSigned: signed,
        purpose: 'payment',
        what: 'payment to the robot',
      });
      return `Paid: ${result.blockNumber}-${result.txIndex}`;
    });

  return (
    <>
      <PageHeading title="Pay the robot with cryptocurrency">
        Experience this demo of the future robot economy from CES 2025 in Las Vegas: pay a humanoid
        robot 0.5 XRT for a basic action.
      </PageHeading>
      <div className="grid-2">
        <section className="card stack" aria-labelledby="robot-account">
          <h2 id="robot-account">Your account</h2>
          <WalletPanel />
        </section>
        <section className="card stack" aria-labelledby="robot-pay">
          <h2 id="robot-pay">Command</h2>
          <p>
            Price: <Amount planck={ROBOT_PRICE} shown={1} />
          </p>
          <label htmlFor={`${id}-command`}>Action</label>
          <select
            id={`${id}-command`}
            className="input"
            value={command}
            onChange={(e) => setCommand(e.target.value as RobotCommandId)}
          >
            {ROBOT_COMMANDS.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
          {!address && <p className="small muted">Signer required: connect an account to pay.</p>}
          {balance && (
            <p className="small">
              Your balance: <Amount planck={balance.transferable} />
            </p>
          )}
          {refusal && tx.status !== 'ERROR' && (
            <p className="error small" role="alert">
              {refusal}
            </p>
          )}
          <TxButton
            status={tx.status}
            outcome={tx.outcome}
            onClick={onPay}
            disabled={!address || !client || refusal !== null}
            labels={{ idle: 'Pay', working: 'Paying', done: 'Pay again', failed: 'Pay' }}
            fee={
              fee !== null ? (
                <>
                  Network fee: <Amount planck={fee} shown={6} />
                </>
              ) : undefined
            }
          />
        </section>
      </div>
    </>
  );
}
