import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { productFeaturesQuery } from '../api.ts';
import { slidePath } from '../slides.ts';
import { SlideHeading } from '../SlideFrame.tsx';
import { nameOf, type SlideProps } from './common.ts';
import { Loaded } from './parts.tsx';

/** The product features view (spec 01 §2.6): name, cloning Yes/No, keys, features, accessories. */
export function FeaturesSlide({ address, vehicle }: SlideProps) {
  const query = useQuery({ ...productFeaturesQuery(address.product ?? ''), enabled: !!address.product });
  return (
    <section>
      <Loaded query={query} loading="Loading the product’s features…" isEmpty={() => false} empty={null}>
        {(f) => (
          <>
            <SlideHeading sub={`${f.sku} · ${nameOf(vehicle)}`}>{f.name}</SlideHeading>
            <dl className="details features">
              <dt>Cloning</dt>
              <dd>{f.cloning}</dd>
              <dt>Keys for install</dt>
              <dd>{f.keysForInstall}</dd>
              <dt>Keys for programming</dt>
              <dd>{f.keysForProgramming}</dd>
            </dl>
            <h2>Features</h2>
            {f.features.length ? (
              <ul>
                {f.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            ) : (
              <p>No features are listed for this product.</p>
            )}
            <h2>Accessories</h2>
            {f.accessories.length ? (
              <>
                <ul>
                  {f.accessories.map((a) => (
                    <li key={a.sku}>
                      {a.name} <span className="muted">({a.sku})</span>
                    </li>
                  ))}
                </ul>
                <Link className="button button-secondary" to={slidePath(address, 'product-accessory')}>
                  Shop accessories
                </Link>
              </>
            ) : (
              <p>No accessories are needed.</p>
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}
