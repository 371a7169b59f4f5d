// English: the words of the addItem screen.
export const addItemEn = {
  title: 'Add an item',
  fromMenu: 'Menu',
  freeText: 'Free text…',
  name: 'Name',
  price: 'Price',
  quantity: 'Quantity',
  add: 'Add',
};
