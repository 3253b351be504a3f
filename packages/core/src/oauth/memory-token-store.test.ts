// Tests of the in-memory token store against the TokenStore contract (compare-and-set, leases).
import { describeTokenStoreContract } from "../../test/oauth/token-store-contract.ts";
import { MemoryTokenStore } from "./memory-token-store.ts";

describeTokenStoreContract("MemoryTokenStore", () => new MemoryTokenStore());
