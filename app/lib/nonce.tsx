import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of this response. Scripts the server renders carry it; in the browser it
 * is empty (browsers hide nonces from the DOM), which is fine because only server-rendered scripts need it.
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
