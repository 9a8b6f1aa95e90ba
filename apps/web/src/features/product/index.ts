// The product feature's door: how a product shows in other features' lists (card, price, availability).
export { Availability, Price, ProductList } from './ProductCard.tsx';
