import type { Address } from '@portal/contracts';
import { AddressText } from '../../../components/order/AddressText.tsx';
import { Choice } from './Choice.tsx';

/** The business's addresses of one kind as radios, the default one marked (checkout's shipping and billing). */
export function AddressChoices({
  name,
  addresses,
  chosenId,
  defaultId,
  defaultLabel,
  tagsById,
  disabled,
  onChoose,
}: {
  name: string;
  addresses: Address[];
  chosenId: string | null | undefined;
  defaultId: string | undefined;
  defaultLabel: string;
  /** More roles an address has, by id, each shown as a tag ('Shipping'). */
  tagsById?: ReadonlyMap<string, string[]>;
  disabled: boolean;
  onChoose: (id: string) => void;
}) {
  return (
    <div className="choices">
      {addresses.map((address) => (
        <Choice
          key={address.id}
          name={name}
          value={address.id}
          checked={chosenId === address.id}
          disabled={disabled}
          onChoose={onChoose}
        >
          <AddressText address={address} />
          {defaultId === address.id && <span className="badge">{defaultLabel}</span>}
          {tagsById?.get(address.id)?.map((tag) => (
            <span key={tag} className="badge">
              {tag}
            </span>
          ))}
        </Choice>
      ))}
    </div>
  );
}
