import { describeTokenStoreContract } from "../../test/oauth/token-store-contract.ts";
import { MemoryTokenStore } from "./memory-token-store.ts";

describeTokenStoreContract("MemoryTokenStore", () => new MemoryTokenStore());
