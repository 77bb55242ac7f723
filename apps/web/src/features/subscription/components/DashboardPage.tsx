import { Link } from 'react-router';
import { links } from '../../../app/route-names.ts';
import { PageHeading } from '../../../components/PageHeading.tsx';

const marketingPoints = [
  'Secured data, only you have an access',
  'Remote control without any corporate clouds',
  'Brand-independent smart home, combine wanted devices',
  'Update your Robonomics devices as you wish with Type-C',
];

export function DashboardPage() {
  return (
    <>
      <PageHeading title="Dashboard" />
      <div className="grid-2">
        <section className="card stack" aria-labelledby="rws-card-title">
          <h2 id="rws-card-title">RWS subscription</h2>
          <p>
            A subscription pays for your home's transactions on the Robonomics parachain: control
            commands, telemetry and device registration, without fees per action.
          </p>
          <dl className="facts">
            <dt>Activation time</dt>
            <dd>~ 2 min</dd>
          </dl>
          <Link to={links.activate} className="button primary">
            Buy a subscription
          </Link>
        </section>
        <section className="card stack" aria-labelledby="hardware-title">
          <h2 id="hardware-title">Open-source hardware &amp; web3 cloud</h2>
          <ul className="check-list">
            {marketingPoints.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
