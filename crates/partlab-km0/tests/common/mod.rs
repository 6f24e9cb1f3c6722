//! What the section tests share: the default grape-harvest week, generated and hashed once per
//! test binary.

use std::sync::OnceLock;

use partlab_km0::hash_keys::HashedWorkload;
use partlab_km0::workload::{Workload, WorkloadSpec};

/// The default workload and its hashed orders, built on first use.
pub fn week() -> &'static (Workload, HashedWorkload) {
    static WEEK: OnceLock<(Workload, HashedWorkload)> = OnceLock::new();
    WEEK.get_or_init(|| {
        // The default specification is valid by construction; a failure here is a bug.
        #[allow(clippy::expect_used)]
        let w =
            Workload::generate(&WorkloadSpec::default()).expect("the default workload is valid");
        let h = HashedWorkload::new(&w);
        (w, h)
    })
}
