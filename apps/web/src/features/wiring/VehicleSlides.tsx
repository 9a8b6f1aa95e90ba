import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { messages } from '@portal/contracts/messages';
import { LazyImage } from '../../components/LazyImage.tsx';
import { alertLinesFor } from '../../lib/errors.ts';
import { countOf } from '../../lib/format.ts';
import type { ExternalWiring, InstructionCategory, ProductSummary, VehicleInfo } from '@portal/contracts';
import { productsBySkusQuery, searchProductsQuery, usePriceScope } from '../catalog/api.ts';
import { ProductList } from '../catalog/ProductCard.tsx';
import {
  accessoriesQuery,
  externalWiringQuery,
  instructionsByCategoryQuery,
  productFeaturesQuery,
  tHarnessQuery,
  wiringByCategoryQuery,
} from './api.ts';
import { parseVehicleValue, type VehicleKey } from './recentVehicles.ts';
import { slidePath, type Slide, type WiringAddress } from './slides.ts';
import { DocumentList, SlideEmpty, SlideHeading, SlideLoading } from './SlideFrame.tsx';
import { WireTable } from './WireTable.tsx';

interface SlideProps {
  address: WiringAddress;
  vehicle: VehicleInfo;
}

const nameOf = (v: VehicleInfo) => `${v.year} ${v.make.name} ${v.model.name}`;
const keyOf = (address: WiringAddress) => parseVehicleValue(address.vehicle) as VehicleKey;

/** The vehicle options of spec 01 §2.6; the labels are the screen's contract. */
const OPTIONS: { slide: Slide; label: string; hint: string }[] = [
  { slide: 'internal-wiring-categories', label: 'Firstech-style Wiring Diagrams', hint: 'Our wiring sheets by system' },
  { slide: 'ads-wiring-categories', label: 'iDatawire-style Wiring Diagrams', hint: 'Wiring and modules by trim' },
  { slide: 'automob-wiring-categories', label: '3rd Party Wiring Diagrams', hint: 'Other sources, by trim' },
  { slide: 'instruction-categories', label: 'Install Instructions', hint: 'Step by step' },
  { slide: 'compatible-modules', label: 'Compatible Modules', hint: 'Remote starters and bypass modules' },
  { slide: 't-harness-search', label: 'T-harnesses', hint: 'Plug-in harnesses for this vehicle' },
  { slide: 'installer-guides', label: 'Installer Guides', hint: 'Printable guides' },
];

/** The vehicle slide: what the portal knows about it, and where to go next. */
export function VehicleOptions({ address, vehicle }: SlideProps) {
  return (
    <section className="vehicle-slide">
      <SlideHeading
        sub={[
          vehicle.vehicle_description,
          vehicle.mirrors_vehicle && `Shares its wiring with the ${vehicle.mirrors_vehicle.name}`,
        ]
          .filter(Boolean)
          .join(' · ')}
      >
        {nameOf(vehicle)}
      </SlideHeading>
      <div className="vehicle-overview">
        {vehicle.image && (
          <LazyImage className="vehicle-image" src={vehicle.image} alt={nameOf(vehicle)} width={320} height={200} />
        )}
        {vehicle.description && (
          <aside className="tech-tip" aria-label="Tech tip">
            <h2>Tech tip</h2>
            <p>{vehicle.description}</p>
          </aside>
        )}
      </div>
      <nav aria-label="Vehicle options">
        <ul className="option-list">
          {OPTIONS.map((option) => (
            <li key={option.slide}>
              <Link className="option-link" to={slidePath(address, option.slide)}>
                <span className="option-label">{option.label}</span>
                <span className="option-hint">{option.hint}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {vehicle.vehicle_documents.length > 0 && (
        <section aria-labelledby="vehicle-documents">
          <h2 id="vehicle-documents">Documents</h2>
          <DocumentList documents={vehicle.vehicle_documents} />
        </section>
      )}
    </section>
  );
}

/** Every slide under the vehicle one. */
export function VehicleSlides({ address, vehicle }: SlideProps) {
  switch (address.slide) {
    case 'internal-wiring-categories':
      return <InternalCategories address={address} vehicle={vehicle} />;
    case 'internal-wiring-results':
      return <InternalResults address={address} vehicle={vehicle} />;
    case 'ads-wiring-categories':
    case 'automob-wiring-categories':
      return <ExternalTrims address={address} vehicle={vehicle} />;
    case 'ads-wiring-results':
    case 'automob-wiring-results':
      return <ExternalResults address={address} vehicle={vehicle} />;
    case 'ads-product-results':
      return <AdsProducts address={address} vehicle={vehicle} />;
    case 'ads-product':
    case 'product-features':
      return <FeaturesSlide address={address} vehicle={vehicle} />;
    case 'instruction-categories':
      return <InstructionCategories address={address} vehicle={vehicle} />;
    case 'instruction-results':
      return <InstructionResults address={address} vehicle={vehicle} />;
    case 'compatible-modules':
      return <CompatibleModules address={address} vehicle={vehicle} />;
    case 'product-accessory':
      return <Accessories address={address} vehicle={vehicle} />;
    case 't-harness-search':
      return <HarnessSearch address={address} vehicle={vehicle} />;
    case 'installer-guides':
      return <VehicleGuides address={address} vehicle={vehicle} />;
    default:
      return <VehicleOptions address={address} vehicle={vehicle} />;
  }
}

/** A query's loading, failure and empty states around its content. */
function Loaded<T>({
  query,
  loading,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <SlideLoading label={loading} />;
  if (query.isError)
    return (
      <SlideEmpty title="This could not be loaded">
        <p>{alertLinesFor(query.error).join(' ')}</p>
        <button type="button" className="button button-secondary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </SlideEmpty>
    );
  return <>{isEmpty(query.data) ? empty : children(query.data)}</>;
}

function BackToVehicle({ address, text }: { address: WiringAddress; text: string }) {
  return (
    <SlideEmpty title={text}>
      <p>
        Try another source from the <Link to={slidePath(address, 'vehicle')}>vehicle’s options</Link>, or{' '}
        <Link to="/wiring">search for another vehicle</Link>.
      </p>
    </SlideEmpty>
  );
}

function ChoiceList({ items }: { items: { key: string; label: string; to: string; hint?: string }[] }) {
  return (
    <ul className="option-list">
      {items.map((item) => (
        <li key={item.key}>
          <Link className="option-link" to={item.to}>
            <span className="option-label">{item.label}</span>
            {item.hint && <span className="option-hint">{item.hint}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function PrintLink({ address, label = 'Print this sheet' }: { address: WiringAddress; label?: string }) {
  const params = new URLSearchParams({ vehicle: address.vehicle ?? '', slide: address.slide });
  if (address.category) params.set('category', address.category);
  if (address.trim) params.set('trim', address.trim);
  return (
    <Link className="button button-secondary print-link" to={`/wiring/print?${params.toString().replace(/%2C/g, ',')}`}>
      {label}
    </Link>
  );
}

function InternalCategories({ address, vehicle }: SlideProps) {
  return (
    <section>
      <SlideHeading sub={nameOf(vehicle)}>Firstech-style Wiring Diagrams</SlideHeading>
      {vehicle.wiring_categories.length ? (
        <ChoiceList
          items={vehicle.wiring_categories.map((c) => ({
            key: c.id,
            label: c.title,
            hint: `${c.wires.length} wires`,
            to: slidePath(address, 'internal-wiring-results', { category: c.id }),
          }))}
        />
      ) : (
        <BackToVehicle address={address} text="No wiring diagrams for this vehicle yet" />
      )}
    </section>
  );
}

function InternalResults({ address, vehicle }: SlideProps) {
  const category = address.category ?? '';
  // The vehicle's answer already holds every category: it shows at once, the call refreshes it.
  const query = useQuery({
    ...wiringByCategoryQuery(vehicle.id, category),
    placeholderData: vehicle.wiring_categories.find((c) => c.id === category),
    enabled: category !== '',
  });
  return (
    <section>
      <SlideHeading sub={nameOf(vehicle)}>{query.data?.title ?? 'Wiring'}</SlideHeading>
      <Loaded
        query={query}
        loading="Loading the wiring…"
        isEmpty={(d) => d.wires.length === 0}
        empty={<BackToVehicle address={address} text={messages.noVehicleData} />}
      >
        {(data) => (
          <>
            <PrintLink address={address} />
            <WireTable wires={data.wires} caption={`${data.title} wiring, ${nameOf(vehicle)}`} />
          </>
        )}
      </Loaded>
    </section>
  );
}

/**
 * spec 01 §3: iDatawire keys its lists by trim in lower case ('le'); people read the trim as the
 * vehicle's other lists spell it ('LE'), so the label takes that spelling when there is one.
 */
export function trimLabel(trim: string, data: ExternalWiring | undefined): string {
  const spelled = data && Object.keys(data.autoMobWiring).find((t) => t.toLowerCase() === trim.toLowerCase());
  return spelled ?? trim;
}

function ExternalTrims({ address, vehicle }: SlideProps) {
  const query = useQuery(externalWiringQuery(keyOf(address)));
  const ads = address.slide === 'ads-wiring-categories';
  const title = ads ? 'iDatawire-style Wiring Diagrams' : '3rd Party Wiring Diagrams';
  return (
    <section>
      <SlideHeading sub={`${nameOf(vehicle)} · choose a trim`}>{title}</SlideHeading>
      <Loaded
        query={query}
        loading="Loading trims…"
        isEmpty={(d) => Object.keys(ads ? d.adsWiring : d.autoMobWiring).length === 0}
        empty={<BackToVehicle address={address} text="No diagrams from this source for this vehicle" />}
      >
        {(data) => (
          <>
            <ChoiceList
              items={Object.entries(ads ? data.adsWiring : data.autoMobWiring).map(([trim, wires]) => ({
                key: trim,
                label: trimLabel(trim, data),
                hint: countOf(wires.length, 'wire'),
                to: slidePath(address, ads ? 'ads-wiring-results' : 'automob-wiring-results', { trim }),
              }))}
            />
            {ads && Object.keys(data.adsProducts).length > 0 && (
              <>
                <h2>Modules by trim</h2>
                <ChoiceList
                  items={Object.entries(data.adsProducts).map(([trim, products]) => ({
                    key: `products-${trim}`,
                    label: `${trimLabel(trim, data)} modules`,
                    hint: countOf(products.length, 'product'),
                    to: slidePath(address, 'ads-product-results', { trim }),
                  }))}
                />
              </>
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}

function ExternalResults({ address, vehicle }: SlideProps) {
  const query = useQuery(externalWiringQuery(keyOf(address)));
  const ads = address.slide === 'ads-wiring-results';
  const trim = address.trim ?? '';
  const label = trimLabel(trim, query.data);
  return (
    <section>
      <SlideHeading sub={nameOf(vehicle)}>{label || 'Wiring'}</SlideHeading>
      <Loaded
        query={query}
        loading="Loading the wiring…"
        isEmpty={(d) => !(ads ? d.adsWiring : d.autoMobWiring)[trim]?.length}
        empty={<BackToVehicle address={address} text={messages.noVehicleData} />}
      >
        {(data) => (
          <>
            <PrintLink address={address} />
            <WireTable
              wires={(ads ? data.adsWiring : data.autoMobWiring)[trim]!}
              caption={`${label} wiring, ${nameOf(vehicle)}`}
            />
          </>
        )}
      </Loaded>
    </section>
  );
}

function AdsProducts({ address, vehicle }: SlideProps) {
  const query = useQuery(externalWiringQuery(keyOf(address)));
  const trim = address.trim ?? '';
  return (
    <section>
      <SlideHeading sub={nameOf(vehicle)}>{`${trimLabel(trim, query.data)} modules`}</SlideHeading>
      <Loaded
        query={query}
        loading="Loading modules…"
        isEmpty={(d) => !d.adsProducts[trim]?.length}
        empty={<BackToVehicle address={address} text={messages.notFound} />}
      >
        {(data) => (
          <ChoiceList
            items={data.adsProducts[trim]!.map((p) => ({
              key: p.id,
              label: p.name,
              to: slidePath(address, 'ads-product', { product: p.id }),
            }))}
          />
        )}
      </Loaded>
    </section>
  );
}

/** The product features view (spec 01 §2.6): name, cloning Yes/No, keys, features, accessories. */
function FeaturesSlide({ address, vehicle }: SlideProps) {
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

function InstructionCategories({ address, vehicle }: SlideProps) {
  return (
    <section>
      <SlideHeading sub={nameOf(vehicle)}>Install Instructions</SlideHeading>
      {vehicle.instruction_categories.length ? (
        <ChoiceList
          items={vehicle.instruction_categories.map((c) => ({
            key: c.id,
            label: c.title,
            to: slidePath(address, 'instruction-results', { category: c.id }),
          }))}
        />
      ) : (
        <BackToVehicle address={address} text="No install instructions for this vehicle yet" />
      )}
    </section>
  );
}

function InstructionResults({ address, vehicle }: SlideProps) {
  const category = address.category ?? '';
  const query = useQuery({
    ...instructionsByCategoryQuery(vehicle.id, category),
    placeholderData: vehicle.instruction_categories.find((c) => c.id === category),
    enabled: category !== '',
  });
  return (
    <section>
      <SlideHeading sub={nameOf(vehicle)}>{query.data?.title ?? 'Install Instructions'}</SlideHeading>
      <Loaded
        query={query}
        loading="Loading the instructions…"
        isEmpty={(d) => d.instructions.length === 0}
        empty={<BackToVehicle address={address} text={messages.noVehicleData} />}
      >
        {(data) => <InstructionSteps steps={data.instructions} />}
      </Loaded>
    </section>
  );
}

function InstructionSteps({ steps }: { steps: InstructionCategory['instructions'] }) {
  return (
    <ol className="instruction-list">
      {steps.map((step) => (
        <li key={step.step}>
          {step.text}
          {step.image && <LazyImage src={step.image} alt="" width={480} height={300} />}
        </li>
      ))}
    </ol>
  );
}

function VehicleProducts({ skus, label, empty }: { skus: readonly string[]; label: string; empty: ReactNode }) {
  const scope = usePriceScope();
  const products = useQuery(productsBySkusQuery(scope, skus));
  return <ProductResults query={products} label={label} empty={empty} count={skus.length} />;
}

/** Products at the session's prices (spec 01 §6: the server decides), or what to do when there are none. */
function ProductResults({
  query,
  label,
  empty,
  count = 4,
}: {
  query: UseQueryResult<ProductSummary[]>;
  label: string;
  empty: ReactNode;
  count?: number;
}) {
  if (count === 0 || (query.data && !query.data.length)) return <>{empty}</>;
  if (query.isError) return <SlideEmpty title={messages.notFound}>{empty}</SlideEmpty>;
  return <ProductList products={query.data} label={label} loadingCount={Math.min(count, 4)} headingLevel={2} />;
}

function CompatibleModules({ address, vehicle }: SlideProps) {
  return (
    <section>
      <SlideHeading sub={nameOf(vehicle)}>Compatible Modules</SlideHeading>
      <VehicleProducts
        skus={vehicle.productSkus}
        label="Compatible modules"
        empty={<BackToVehicle address={address} text={messages.notFound} />}
      />
      {vehicle.productSkus.length > 0 && (
        <>
          <h2>Features and accessories</h2>
          <ChoiceList
            items={vehicle.productSkus.map((sku) => ({
              key: sku,
              label: `${sku} features`,
              to: slidePath(address, 'product-features', { product: sku }),
            }))}
          />
        </>
      )}
    </section>
  );
}

function Accessories({ address, vehicle }: SlideProps) {
  const scope = usePriceScope();
  const product = address.product ?? '';
  const query = useQuery({ ...accessoriesQuery(scope, product), enabled: product !== '' });
  // The product's name, not its id (an iDatawire module is addressed by id): the slide before loaded it.
  const features = useQuery({ ...productFeaturesQuery(product), enabled: product !== '' });
  const sub = features.data ? `${features.data.name} · ${nameOf(vehicle)}` : nameOf(vehicle);
  return (
    <section>
      <SlideHeading sub={sub}>Accessories</SlideHeading>
      <ProductResults
        query={query}
        label="Accessories"
        count={product ? 4 : 0}
        empty={<BackToVehicle address={address} text="No accessories are needed" />}
      />
    </section>
  );
}

/**
 * T-harnesses (spec 01 §2.6): the vehicle's harnesses, and the product search for one, which
 * needs a search term (a SKU or words), among the T-Harnesses category at the session's prices.
 */
function HarnessSearch({ address, vehicle }: SlideProps) {
  const navigate = useNavigate();
  const scope = usePriceScope();
  const [term, setTerm] = useState(address.q);
  const harnesses = useQuery(tHarnessQuery(vehicle.t_harnesses.map((h) => h.sku)));
  const inCatalog = new Set(harnesses.data?.filter((h) => h.inCatalog).map((h) => h.sku));
  const found = useQuery({
    ...searchProductsQuery(scope, { limit: 20, filters: { search: address.q, categories: [HARNESS_CATEGORY] } }),
    enabled: address.q !== '',
    placeholderData: undefined,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (term.trim()) void navigate(slidePath(address, 't-harness-search', { q: term.trim() }));
  };
  return (
    <section>
      <SlideHeading sub={nameOf(vehicle)}>T-harnesses</SlideHeading>
      {vehicle.t_harnesses.length ? (
        <ul className="option-list" aria-label="T-harnesses for this vehicle">
          {vehicle.t_harnesses.map((h) => (
            <li key={h.sku} className="harness">
              <p className="option-label">{h.name}</p>
              <p className="option-hint">
                {h.sku}
                {h.notes ? ` · ${h.notes}` : ''}
              </p>
              {inCatalog.has(h.sku) && (
                <Link
                  to={slidePath(address, 't-harness-search', { q: h.sku })}
                  aria-label={`Find ${h.sku} in the catalog`}
                >
                  Find in the catalog
                </Link>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p>No T-harnesses are listed for this vehicle. Search the catalog below.</p>
      )}
      <form className="harness-search" role="search" onSubmit={submit} aria-label="T-harness product search">
        <label htmlFor="harness-term">Search T-harness products</label>
        <div className="harness-search-row">
          <input
            id="harness-term"
            type="search"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            maxLength={100}
            placeholder="SKU or keyword"
          />
          <button type="submit" className="button button-primary" disabled={!term.trim()}>
            Search
          </button>
        </div>
      </form>
      {address.q && (
        <ProductResults
          query={{ ...found, data: found.data?.results } as UseQueryResult<ProductSummary[]>}
          label="T-harness products"
          empty={
            <SlideEmpty title={`No T-harness matches “${address.q}”`}>
              <p>Check the SKU, or try fewer words.</p>
            </SlideEmpty>
          }
        />
      )}
    </section>
  );
}

const HARNESS_CATEGORY = 't-harnesses';

function VehicleGuides({ address, vehicle }: SlideProps) {
  return (
    <section>
      <SlideHeading sub={nameOf(vehicle)}>Installer Guides</SlideHeading>
      {vehicle.guides.length ? (
        <>
          <ul className="option-list">
            {vehicle.guides.map((g) => (
              <li key={g.id} className="harness">
                <p className="option-label">{g.title}</p>
                <p className="option-hint">{g.summary}</p>
              </li>
            ))}
          </ul>
          <Link className="button button-secondary" to={`/installer-guides?vehicle=${address.vehicle ?? ''}`}>
            Read and print the guides
          </Link>
        </>
      ) : (
        <BackToVehicle address={address} text="No installer guides for this vehicle" />
      )}
    </section>
  );
}
