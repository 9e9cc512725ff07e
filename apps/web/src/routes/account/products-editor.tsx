import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import type { ProductCode } from '@siteseer/core';
import { PRODUCT_CODES, PRODUCT_LABELS } from '@siteseer/core';
import { useId } from 'react';

/**
 * The Products checkboxes of the account page (spec 2.7), in product order. Removing a product that
 * still has engines is refused by the API on Save, with its reason shown as `error`.
 */
export function ProductsEditor({
  products,
  onChange,
  disabled,
  error,
}: {
  products: readonly ProductCode[];
  onChange: (products: ProductCode[]) => void;
  disabled: boolean;
  error?: string | undefined;
}) {
  const errorId = useId();
  const toggle = (product: ProductCode, checked: boolean) =>
    onChange(PRODUCT_CODES.filter((p) => (p === product ? checked : products.includes(p))));
  return (
    <FormControl
      component="fieldset"
      error={Boolean(error)}
      // The refusal describes the group, so it is heard on reaching the checkboxes, not only seen.
      aria-describedby={error ? errorId : undefined}
      disabled={disabled}
      // Read-only in view mode, yet what the account has must stay readable: the disabled grey of
      // labels fails the AA contrast ratio, the secondary text colour passes it in both themes.
      sx={{
        '& .MuiFormLabel-root.Mui-disabled, & .MuiFormControlLabel-label.Mui-disabled': {
          color: 'text.secondary',
        },
      }}
    >
      <FormLabel component="legend">Products</FormLabel>
      <FormGroup row>
        {PRODUCT_CODES.map((product) => (
          <FormControlLabel
            key={product}
            label={PRODUCT_LABELS[product]}
            control={
              <Checkbox
                checked={products.includes(product)}
                onChange={(event) => toggle(product, event.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
      {error && <FormHelperText id={errorId}>{error}</FormHelperText>}
    </FormControl>
  );
}

/** The product list of My Account (read-only: an account's products are changed by super admins). */
export function ProductList({ products }: { products: readonly ProductCode[] }) {
  return (
    <div>
      <Typography variant="h2" gutterBottom>
        Products
      </Typography>
      {products.length === 0 ? (
        <Typography>No products</Typography>
      ) : (
        <Box component="ul" aria-label="Products" sx={{ m: 0, pl: 3 }}>
          {products.map((product) => (
            <Typography component="li" key={product}>
              {PRODUCT_LABELS[product]}
            </Typography>
          ))}
        </Box>
      )}
    </div>
  );
}
