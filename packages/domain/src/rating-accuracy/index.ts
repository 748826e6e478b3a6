// How well a rating predicts the league's history (docs/product.md, "How well the rating predicts").
export * from './glicko2';
export * from './systems';
export * from './figures';
export * from './rated-matches';
