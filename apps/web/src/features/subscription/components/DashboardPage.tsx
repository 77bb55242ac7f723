import { PageHeading } from '../../../components/PageHeading.tsx';
import { SubscriptionCard } from './SubscriptionCard.tsx';

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
        <SubscriptionCard />
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
