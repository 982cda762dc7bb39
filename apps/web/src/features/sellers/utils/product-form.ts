import { PRODUCT_CATEGORIES, type ProductCategory } from '@live-market/contract/catalog';
import { CATEGORY_TAX } from '@live-market/contract/money';
import { CATEGORY_RETURN_DAYS } from '@live-market/contract/product-terms';
import type { Product, ProductBody } from '@live-market/contract/products';

/**
 * The form's values are ProductBody's input: text as typed (stockQuantity '' or '12'), which the
 * schema parses. imageUrl: undefined leaves the photo unchanged (not sent), null removes it, a
 * string is a new upload.
 */
export type ProductFormValues = ProductBody;

function isProductCategory(value: string | null | undefined): value is ProductCategory {
  return PRODUCT_CATEGORIES.some((category) => category === value);
}

export type ProductTax = { hsnCode: string; gstRatePercent: number };

/** Issue 26: the HSN code and GST rate a product of this category gets unless its seller says otherwise. */
export function categoryTax(category: string): ProductTax {
  return CATEGORY_TAX[category] ?? { hsnCode: '', gstRatePercent: 18 };
}

/**
 * The tax fields travel only when they change the outcome: a new product left at its category's default,
 * or an edit that keeps the product's own, sends neither (the server then applies the same). Sent, the
 * pair goes together.
 */
export function withChangedTax<B extends Pick<ProductBody, 'category' | 'hsnCode' | 'gstRatePercent'>>(body: B, product: Product | null): B {
  const baseline = product ? { hsnCode: product.hsnCode, gstRatePercent: product.gstRatePercent } : categoryTax(body.category);
  if (body.hsnCode !== baseline.hsnCode || body.gstRatePercent !== baseline.gstRatePercent) return body;
  const { hsnCode: _hsn, gstRatePercent: _rate, ...rest } = body;
  return rest as B;
}

/** Edit mode starts from the product; create mode from empty fields in the store's own category. */
export function productFormDefaults(product: Product | null, storeCategory: string | null): ProductFormValues {
  if (product) {
    return {
      name: product.name,
      description: product.description ?? '',
      price: product.price,
      originalPrice: product.originalPrice ?? '',
      category: product.category,
      stockQuantity: String(product.stockQuantity),
      weightGrams: String(product.weightGrams),
      isActive: product.isActive,
      imageUrl: undefined,
      hsnCode: product.hsnCode,
      gstRatePercent: product.gstRatePercent,
      countryOfOrigin: product.countryOfOrigin ?? '',
      returnDays: product.returnDays,
    };
  }
  const category = isProductCategory(storeCategory) ? storeCategory : 'fashion';
  return {
    name: '',
    description: '',
    price: '',
    originalPrice: '',
    category,
    stockQuantity: '',
    weightGrams: '',
    isActive: true,
    imageUrl: undefined,
    ...categoryTax(category),
    // Issue 28: the seller names the origin; the return policy starts as the category's.
    countryOfOrigin: '',
    returnDays: CATEGORY_RETURN_DAYS[category],
  };
}

/** SPEC section 5: a product needs a name and a price, else 'Please fill in required fields'. */
export function hasRequiredFields(values: Pick<ProductFormValues, 'name' | 'price'>): boolean {
  return (values.name ?? '').trim() !== '' && (values.price ?? '').trim() !== '';
}

