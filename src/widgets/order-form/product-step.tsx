/**
 * Product choice (requirements ROUTES step two): the step's primary products with their prices
 * (one-time and recurring), the seller's order bumps (headline, one-time-offer headline
 * and text, image), and the summary with the total. 'No products available' when the step
 * sells nothing.
 */
import type { ProductView } from '../../schemas/calls/payments-routes';
import { priceLabel, totalLabel } from './pricing';
import type { OrderFormProps } from './types';
import type { ProductsState } from './use-products';

interface Props {
  form: OrderFormProps;
  products: ProductsState;
  chosen: ReadonlySet<string>;
  chosenProducts: ProductView[];
  onToggle: (id: string, on: boolean) => void;
}

export function ProductStep({ form, products, chosen, chosenProducts, onToggle }: Props) {
  const { strings, step2, lang, id } = form;
  if (products.kind === 'loading')
    return (
      <p className="ef-order__note" role="status">
        {strings.defaults.products}…
      </p>
    );
  if (products.kind === 'failed' || (products.primary.length === 0 && products.bumps.length === 0)) {
    return (
      <p className="ef-order__empty" data-testid="no-products">
        {strings.noProducts}
      </p>
    );
  }
  const price = (product: ProductView) => priceLabel(product, lang, strings.interval);
  return (
    <>
      <fieldset className="ef-order__products">
        <legend className="ef-order__legend">
          <span>{step2.itemText || strings.defaults.item}</span>
          <span>{step2.priceText || strings.defaults.price}</span>
        </legend>
        {products.primary.map((product) => (
          <label key={product.id} className="ef-order__product" htmlFor={`${id}-product-${product.id}`}>
            <input
              id={`${id}-product-${product.id}`}
              type="checkbox"
              checked={chosen.has(product.id)}
              onChange={(e) => onToggle(product.id, e.target.checked)}
            />
            <span className="ef-order__product-name">
              {product.productName}
              {product.description && <small>{product.description}</small>}
            </span>
            <span className="ef-order__price" data-product-price={product.id}>
              {price(product)}
            </span>
          </label>
        ))}
      </fieldset>
      {products.bumps.map(({ offer, product }) => (
        <div key={offer.id} className="ef-order__bump" data-bump={offer.id}>
          {offer.imageUrl && <img src={offer.imageUrl} alt="" width="96" height="96" loading="lazy" />}
          <div>
            <label className="ef-order__bump-choice" htmlFor={`${id}-bump-${offer.id}`}>
              <input id={`${id}-bump-${offer.id}`} type="checkbox" checked={chosen.has(product.id)} onChange={(e) => onToggle(product.id, e.target.checked)} />
              <span>{offer.headline || strings.defaults.bump}</span>
            </label>
            <p className="ef-order__oto">
              {offer.otoHeadline && <strong>{offer.otoHeadline} </strong>}
              {offer.otoText || product.description} <span className="ef-order__price">{price(product)}</span>
            </p>
          </div>
        </div>
      ))}
      <section className="ef-order__summary" aria-labelledby={`${id}-summary`}>
        <h3 id={`${id}-summary`}>{step2.summaryText || strings.defaults.summary}</h3>
        <ul>
          {chosenProducts.map((product) => (
            <li key={product.id}>
              <span>{product.productName}</span>
              <span>{price(product)}</span>
            </li>
          ))}
        </ul>
        <p className="ef-order__total" data-testid="order-total">
          <span>{step2.totalText || strings.defaults.total}</span>
          <strong>{totalLabel(chosenProducts, lang)}</strong>
        </p>
      </section>
    </>
  );
}
