/** The retailer's name in texts such as 'My {product} store'. */
export const PRODUCT_NAME = 'Grocer';
